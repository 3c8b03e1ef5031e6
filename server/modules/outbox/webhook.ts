// The outbox's webhook channel (affiliates' postbacks, docs/decisions/0107-affiliates.md): a GET with the message's
// headers, answered 2xx or retried. The address is someone else's choice, so outside development it may not reach
// our own network (SSRF): every address its host resolves to is checked when the connection is made (no second DNS
// answer can slip past), and redirects are not followed.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Sends one webhook; throws (so the outbox retries) unless the receiver answered 2xx. */
export type WebhookSender = (url: string, headers: Record<string, string>) => Promise<void>;

const TIMEOUT_MS = 10_000;

/** Loopback, private, link-local (cloud metadata), carrier-grade NAT, unspecified, multicast and reserved ranges. */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is one of our own network's rather than the internet's. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // An IPv4-mapped IPv6 address is the IPv4 address (BlockList itself checks IPv4 addresses against mapped IPv6 rules).
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isInternalAddress(mapped);
  return INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** A host that names our own network without asking DNS: an internal IP literal, or localhost. */
export function isInternalHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  return isIP(bare) !== 0 && isInternalAddress(bare);
}

type Resolve = (
  hostname: string,
  options: { all: true; family?: number | 'IPv4' | 'IPv6' },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** DNS as usual (or `resolve`, for tests), refusing the connection when any answer is internal. */
const publicOnly =
  (resolve: Resolve): LookupFunction =>
  (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as LookupAddress[];
      const internal = list.find((entry) => isInternalAddress(entry.address));
      if (internal || list.length === 0) return callback(new Error(`The address of ${hostname} is not on the internet`), '', 4);
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };

export function createWebhookSender({
  allowInternal,
  resolve = dnsLookup as unknown as Resolve,
}: {
  allowInternal: boolean;
  resolve?: Resolve;
}): WebhookSender {
  const lookup = publicOnly(resolve);
  return (url, headers) =>
    new Promise<void>((resolve, reject) => {
      const target = new URL(url);
      if (target.protocol !== 'https:' && target.protocol !== 'http:') return reject(new Error('Only http and https addresses are called'));
      if (!allowInternal && isInternalHost(target.hostname)) return reject(new Error('The address is not on the internet'));
      const client = target.protocol === 'https:' ? https : http;
      const request = client.get(target, { headers, timeout: TIMEOUT_MS, ...(allowInternal ? {} : { lookup }) }, (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        if (status >= 200 && status <= 299) resolve();
        else reject(new Error(`The receiver answered ${status}`));
      });
      request.on('timeout', () => request.destroy(new Error('The receiver did not answer in time')));
      request.on('error', reject);
    });
}
