import { enUS } from '../locales/en-US.ts';

export const LOCALE = 'en-US';

type Catalogue = typeof enUS;
type KeysOf<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${KeysOf<T[K]>}` }[keyof T & string];
/** A dotted path to one string of the catalogue, e.g. `meta.title`. */
export type MessageKey = KeysOf<Catalogue>;

/**
 * The catalogue's string at `key` with its `{{name}}` placeholders filled from `values` (left as written when a
 * value is missing). One bundled catalogue, the same on the server and in the browser: no loading step. A lookup
 * and a replace are all the site asks of an i18n library, which cost every page 50 KB of JavaScript
 * (docs/decisions/0004-site-behaviours-and-content.md).
 */
export function t(key: MessageKey, values: Record<string, string | number> = {}): string {
  let entry: unknown = enUS;
  for (const part of key.split('.')) {
    entry = typeof entry === 'object' && entry !== null && Object.hasOwn(entry, part) ? (entry as Record<string, unknown>)[part] : undefined;
  }
  if (typeof entry !== 'string') return key;
  return entry.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : placeholder));
}
