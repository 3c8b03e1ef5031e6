import type { IncomingMessage } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientAddressOf, parseTrustProxy, proxyTrust } from './trusted-proxy.ts';

/** What proxy-addr reads of an upgrade or HTTP request: the socket's peer and the forwarded chain. */
function request(socketAddress: string, forwardedFor?: string): IncomingMessage {
  return {
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: socketAddress },
  } as unknown as IncomingMessage;
}

const ipv4 = fc.ipV4();
const chain = fc.array(ipv4, { minLength: 0, maxLength: 6 });

describe('parseTrustProxy', () => {
  it('reads a hop count', () => {
    expect(parseTrustProxy('1')).toEqual({ hops: 1 });
    expect(parseTrustProxy(' 3 ')).toEqual({ hops: 3 });
  });

  it('reads a list of addresses and CIDR ranges, and the names proxy-addr knows', () => {
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,')).toEqual({ addresses: ['10.0.0.0/8', '127.0.0.1'] });
    expect(parseTrustProxy('fd00::/8,::1')).toEqual({ addresses: ['fd00::/8', '::1'] });
    expect(parseTrustProxy('loopback')).toEqual({ addresses: ['loopback'] });
  });

  it.each(['0', '11', 'true', 'yes', '10.0.0.0/33', '300.1.1.1', 'proxy.internal', ',', '10.0.0.1 10.0.0.2'])('refuses %j', (value) => {
    expect(parseTrustProxy(value)).toHaveProperty('problem');
  });
});

describe('clientAddressOf', () => {
  it('off: the socket peer, whatever X-Forwarded-For says', () => {
    fc.assert(
      fc.property(ipv4, chain, (socket, forwarded) => {
        expect(clientAddressOf(false)(request(socket, forwarded.join(', ')))).toBe(socket);
      }),
    );
  });

  it('a hop count n: the n-th address from the right of the chain, the leftmost when the chain is shorter', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), ipv4, chain, (hops, socket, forwarded) => {
        const addresses = [...forwarded, socket];
        const expected = addresses[Math.max(0, addresses.length - 1 - hops)];
        expect(clientAddressOf({ hops })(request(socket, forwarded.join(',')))).toBe(expected);
      }),
    );
  });

  it('a list: addresses are believed only as far back as every peer is in the list', () => {
    const read = clientAddressOf({ addresses: ['10.0.0.0/8', '127.0.0.1'] });
    expect(read(request('10.1.2.3', '203.0.113.9'))).toBe('203.0.113.9');
    expect(read(request('127.0.0.1', '198.51.100.7, 10.0.0.5'))).toBe('198.51.100.7');
    expect(read(request('127.0.0.1', '198.51.100.7, 203.0.113.1, 10.0.0.5'))).toBe('203.0.113.1');
    expect(read(request('203.0.113.50', '198.51.100.7'))).toBe('203.0.113.50');
    expect(read(request('10.1.2.3'))).toBe('10.1.2.3');
  });

  it('a list: a peer outside it never chooses its own address', () => {
    const read = clientAddressOf({ addresses: ['10.0.0.0/8'] });
    fc.assert(
      fc.property(
        ipv4.filter((address) => !address.startsWith('10.')),
        chain,
        (socket, forwarded) => {
          expect(read(request(socket, forwarded.join(',')))).toBe(socket);
        },
      ),
    );
  });
});

describe('proxyTrust', () => {
  it('is off for Fastify when TRUST_PROXY is off, and a trust function otherwise', () => {
    expect(proxyTrust(false)).toBe(false);
    const hops = proxyTrust({ hops: 2 });
    expect(hops && [hops('10.0.0.1', 0), hops('10.0.0.1', 1), hops('10.0.0.1', 2)]).toEqual([true, true, false]);
  });
});
