import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * Which peers may tell us the client's address in `X-Forwarded-For` (TRUST_PROXY, decision 0012):
 * nobody; the last `hops` proxies, whoever they are; or only peers within `addresses`.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** `(address, hop)`: whether the hop-th peer, counted from our socket, is a proxy we believe. */
export type ProxyTrust = (address: string, hop: number) => boolean;

const MAX_HOPS = 10;
const LIST_PROBLEM = 'must be a number of proxies such as 1, or a comma-separated list of proxy addresses or CIDR ranges such as 10.0.0.0/8,127.0.0.1';

/** TRUST_PROXY's value, or why it is not one. */
export function parseTrustProxy(value: string): Exclude<TrustProxy, false> | { problem: string } {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    return hops >= 1 && hops <= MAX_HOPS ? { hops } : { problem: `must be a number of proxies from 1 to ${MAX_HOPS}` };
  }
  const addresses = trimmed
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return addresses.length > 0 && compiles(addresses) ? { addresses } : { problem: LIST_PROBLEM };
}

/** proxy-addr's own parser decides, so what config accepts is exactly what Fastify will trust. */
function compiles(addresses: string[]): boolean {
  try {
    proxyAddr.compile(addresses);
    return true;
  } catch {
    return false;
  }
}

/** The trust rule for Fastify's `trustProxy` and for proxy-addr; false believes no forwarded header. */
export function proxyTrust(setting: TrustProxy): ProxyTrust | false {
  if (setting === false) return false;
  // Fastify ≥ 5.12.1 ignores a numeric trustProxy; a function keeps the hop count the operator chose.
  if ('hops' in setting) return (_address, hop) => hop < setting.hops;
  return proxyAddr.compile(setting.addresses);
}

/** Reads the client's address as `setting` allows: the socket's peer, unless a trusted proxy names another. */
export function clientAddressOf(setting: TrustProxy): (request: IncomingMessage) => string {
  const trust = proxyTrust(setting);
  if (!trust) return (request) => request.socket.remoteAddress ?? '';
  return (request) => proxyAddr(request, trust);
}
