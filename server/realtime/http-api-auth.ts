import { createHash } from 'node:crypto';
import { hmacHex, sameSecretText } from './signatures.ts';

/** Pusher refuses requests whose auth_timestamp is further than this from its clock. */
const MAX_CLOCK_SKEW_SECONDS = 600;

/**
 * Checks Pusher's signed-query authentication: auth_signature is the hex HMAC-SHA256 of
 * `METHOD\nPATH\nquery`, the query being every other parameter as key=value sorted by key, joined
 * by &, values unescaped. Returns why the request is refused, or undefined when it is genuine.
 */
export function signedRequestProblem(
  app: { key: string; secret: string },
  request: { method: string; path: string; rawQuery: string; body: Buffer | undefined },
  nowSeconds = Date.now() / 1000,
): string | undefined {
  const params = parseRawQuery(request.rawQuery);
  const first = (name: string) => params.find(([key]) => key === name)?.[1];
  if (first('auth_key') !== app.key) return 'Unknown auth_key';
  if (first('auth_version') !== '1.0') return 'auth_version must be 1.0';
  const timestamp = Number(first('auth_timestamp'));
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > MAX_CLOCK_SKEW_SECONDS) {
    return `auth_timestamp must be within ${MAX_CLOCK_SKEW_SECONDS} seconds of the server's clock`;
  }
  if (request.body && request.body.length > 0) {
    const md5 = createHash('md5').update(request.body).digest('hex');
    if (first('body_md5') !== md5) return 'body_md5 does not match the body';
  }
  const signature = first('auth_signature');
  if (signature === undefined) return 'Missing auth_signature';
  const signed = params
    .filter(([key]) => key !== 'auth_signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const expected = hmacHex(app.secret, `${request.method.toUpperCase()}\n${request.path}\n${signed}`);
  return sameSecretText(expected, signature) ? undefined : 'Invalid signature';
}

/**
 * Keys lower-cased and values percent-decoded, but '+' kept: the `pusher` SDKs sign the values as
 * they are and put them in the URL unescaped, so a '+' there is a plus, not a space.
 */
function parseRawQuery(rawQuery: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const part of rawQuery.split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const key = equals === -1 ? part : part.slice(0, equals);
    const value = equals === -1 ? '' : part.slice(equals + 1);
    pairs.push([decode(key).toLowerCase(), decode(value)]);
  }
  return pairs;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
