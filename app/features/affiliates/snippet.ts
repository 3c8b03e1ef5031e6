import type { Creative, TrackingLink } from './types.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The HTML an affiliate pastes for a banner: the image, served by the casino (an absolute address on the link's
 * host), inside the tracking link, marked sponsored as search engines ask of paid links.
 */
export function snippetOf(creative: Pick<Creative, 'name' | 'width' | 'height' | 'image_url'>, link: Pick<TrackingLink, 'url'>): string {
  const image = new URL(creative.image_url, link.url).href;
  return `<a href="${escapeHtml(link.url)}" rel="sponsored"><img src="${escapeHtml(image)}" width="${creative.width}" height="${creative.height}" alt="${escapeHtml(creative.name)}"></a>`;
}
