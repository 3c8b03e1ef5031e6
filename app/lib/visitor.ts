/** SPEC.md §3 Visitor: where the visitor appears to be, from a third-party location lookup. */
export type Visitor = { loc: string; country: string; locale: string };

/**
 * Reads a trace endpoint that answers `key=value` lines including `loc=XX` (the format of common CDN
 * trace endpoints). Any failure, or no endpoint configured, gives null: the site never depends on it.
 */
export async function lookUpVisitor(traceUrl: string | null, language: string, fetchImpl: typeof fetch = fetch): Promise<Visitor | null> {
  if (!traceUrl) return null;
  try {
    const response = await fetchImpl(traceUrl, { credentials: 'omit', signal: AbortSignal.timeout(5000) });
    if (!response.ok) return null;
    const fields = new Map((await response.text()).split('\n').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const));
    const loc = fields.get('loc')?.trim().toUpperCase();
    if (!loc || !/^[A-Z]{2}$/.test(loc)) return null;
    const country = new Intl.DisplayNames(['en-US'], { type: 'region' }).of(loc) ?? loc;
    return { loc, country, locale: language };
  } catch {
    return null;
  }
}
