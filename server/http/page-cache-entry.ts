// One page of the guest page cache (docs/decisions/0097-guest-page-cache.md): what of a render may be kept, its kept
// form with the compressed copies made once, how it goes out to one request, and its bytes in Redis.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { parseCookie, parseSetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type PageCacheState = 'hit' | 'stale' | 'miss' | 'bypass';

/** A page as React Router answered the cache's own request, its body read whole. */
export type RenderedPage = {
  status: number;
  headers: [string, string][];
  setCookies: string[];
  body: Buffer;
  nonce: string;
  /** A loader or a streamed part failed while rendering (reported to the server's log). */
  failed?: boolean;
};

/** A page as it is kept and served: headers without Set-Cookie, the locale cookie apart, compressed copies made once. */
export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  /** The nonce its inline scripts carry: its responses' policy names it instead of the request's own. */
  nonce: string;
  locale: { value: string; header: string } | undefined;
  storedAt: number;
};

export type Served = { page: CachedPage; state: Exclude<PageCacheState, 'bypass'> };

/**
 * Whether a render may be kept: a 200 whose only cookie is the locale cookie (kept apart), not marked private or
 * no-store, rendered without a failure. `shareable` when it may at least go to the requests that waited for it (its cookies are the locale's).
 */
export function storability(page: RenderedPage, maxBytes: number): { shareable: boolean; storable: boolean; locale: CachedPage['locale'] } {
  const cookies = page.setCookies.map((header) => ({ header, cookie: parseSetCookie(header) }));
  const shareable = cookies.every(({ cookie }) => cookie.name === 'locale');
  const locale = shareable && cookies.length === 1 ? { value: cookies[0]!.cookie.value ?? '', header: cookies[0]!.header } : undefined;
  const cacheControl = page.headers.find(([name]) => name === 'cache-control')?.[1] ?? '';
  const storable =
    shareable && !page.failed && cookies.length <= 1 && page.status === 200 && !/\b(?:no-store|private)\b/i.test(cacheControl) && page.body.length <= maxBytes;
  return { shareable, storable, locale };
}

// Answers that must not be kept with a page: the transport's, and the cookies, which are kept apart.
const TRANSIENT_HEADERS = new Set(['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding', 'connection', 'date', 'keep-alive']);
const COMPRESSIBLE = /^(?:text\/|application\/(?:xml|json|javascript))/;
// @fastify/compress leaves anything smaller alone too.
const COMPRESS_FROM_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The kept form of a render, with brotli (quality 8) and gzip (level 9) copies made once, off the main thread. On the
 * home page quality 8 takes about 1 ms; 10 and 11 save 6-9 % more for 60-150 times the CPU, which every re-render
 * and every miss an address flood causes would pay.
 */
export async function cachedPage(page: RenderedPage, locale: CachedPage['locale'], compress: boolean, storedAt: number): Promise<CachedPage> {
  const headers = page.headers.filter(([name]) => !TRANSIENT_HEADERS.has(name));
  const type = headers.find(([name]) => name === 'content-type')?.[1] ?? '';
  const worth = compress && page.body.length >= COMPRESS_FROM_BYTES && COMPRESSIBLE.test(type);
  const [br, gz] = worth
    ? await Promise.all([
        brotli(page.body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 8,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: page.body.length,
          },
        }),
        gzipped(page.body, { level: 9 }),
      ])
    : [undefined, undefined];
  return { status: page.status, headers, body: page.body, br, gzip: gz, nonce: page.nonce, locale, storedAt };
}

/** The copy to send for an Accept-Encoding: the highest q the client gives, brotli before gzip on a tie. */
export function pickEncoding(accept: string | undefined, page: Pick<CachedPage, 'br' | 'gzip'>): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  const weights = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const options = (['br', 'gzip'] as const).filter((name) => page[name] !== undefined && weight(name) > 0);
  return options.sort((a, b) => weight(b) - weight(a))[0];
}

/** Sends a kept page to one request: its headers, the entry's nonce in this request's policy, the right copy. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, { page, state }: Served) {
  reply.code(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  reply.header('x-page-cache', state);
  // The policy is this request's own (its host, its Referrer-Policy's neighbours); only the nonce is the entry's,
  // the one its inline scripts carry. The request's fresh nonce is used nowhere.
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string' && reply.cspNonce) {
    reply.header('content-security-policy', policy.replaceAll(`'nonce-${reply.cspNonce.script}'`, `'nonce-${page.nonce}'`));
  }
  reply.cspNonce = { script: page.nonce, style: page.nonce };
  // The locale cookie goes, as the page itself sends it, only to a visitor who does not have it yet.
  if (page.locale && parseCookie(request.headers.cookie ?? '').locale !== page.locale.value) reply.header('set-cookie', page.locale.header);
  const encoding = pickEncoding(request.headers['accept-encoding'], page);
  const vary = page.headers.find(([name]) => name === 'vary')?.[1];
  reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  // A Content-Encoding of its own makes @fastify/compress leave the copy as it is.
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body);
}

// The shared tier's format: the length of a JSON head, the head, then the body and its compressed copies.
type Meta = Omit<CachedPage, 'body' | 'br' | 'gzip'> & { sizes: [number, number, number] };

export function encodePage({ body, br, gzip: gz, ...rest }: CachedPage): Buffer {
  const meta: Meta = { ...rest, sizes: [body.length, br?.length ?? -1, gz?.length ?? -1] };
  const head = Buffer.from(JSON.stringify(meta));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([length, head, body, br ?? Buffer.alloc(0), gz ?? Buffer.alloc(0)]);
}

export function decodePage(value: Buffer): CachedPage | undefined {
  try {
    const headLength = value.readUInt32BE(0);
    const { sizes, ...meta } = JSON.parse(value.toString('utf8', 4, 4 + headLength)) as Meta;
    let offset = 4 + headLength;
    const take = (size: number) => {
      if (size < 0) return undefined;
      const part = value.subarray(offset, offset + size);
      offset += size;
      return part;
    };
    const [body, br, gz] = [take(sizes[0]), take(sizes[1]), take(sizes[2])];
    if (body === undefined || offset !== value.length) return undefined;
    return { ...meta, body, br, gzip: gz };
  } catch {
    return undefined;
  }
}
