// Postback addresses and signatures (docs/decisions/0107-affiliates.md).
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalOf, postbackSignature, renderPostbackUrl } from './postbacks.ts';

const facts = { clickId: 'Ck12345678', sub: 'spring sale&x=1', amount: 2_500, currency: 'EUR', playerRef: 'p_0123456789ab', event: 'first_deposit' as const };

describe('postback addresses', () => {
  it('substitute every macro, URL-encoded, and leave the rest as written', () => {
    const url = renderPostbackUrl('https://track.example/pb?cid={click_id}&s={sub}&amt={amount}&cur={currency}&p={player_id}&e={event}&keep={other}', facts);
    expect(url).toBe('https://track.example/pb?cid=Ck12345678&s=spring%20sale%26x%3D1&amt=25.00&cur=EUR&p=p_0123456789ab&e=first_deposit&keep={other}');
    expect(renderPostbackUrl('https://t.example/?c={click_id}&a={amount}&s={sub}', { ...facts, clickId: null, amount: null, sub: null })).toBe(
      'https://t.example/?c=&a=&s=',
    );
  });

  it('never carry anything but the macros’ values: no player e-mail, name or id can appear', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 20 }), (template, sub) => {
        const rendered = renderPostbackUrl(`https://t.example/?x=${encodeURIComponent(template)}&{sub}&{player_id}`, { ...facts, sub });
        expect(rendered.endsWith(`&${encodeURIComponent(sub)}&p_0123456789ab`)).toBe(true);
      }),
    );
  });

  it('state amounts as decimals with two places', () => {
    expect([decimalOf(0), decimalOf(5), decimalOf(2_500), decimalOf(123_456), decimalOf(-150)]).toEqual(['0.00', '0.05', '25.00', '1234.56', '-1.50']);
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (minor) => {
        expect(Math.round(Number(decimalOf(minor)) * 100) + 0).toBe(minor + 0);
      }),
    );
  });
});

describe('postback signatures', () => {
  it('are the HMAC-SHA256 of "timestamp.url" under the affiliate’s secret, which a receiver can check', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 16, maxLength: 40 }), fc.integer({ min: 1, max: 2 ** 31 }), fc.webUrl(), (secret, timestamp, url) => {
        const signature = postbackSignature(secret, timestamp, url);
        expect(signature).toBe(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${url}`).digest('hex')}`);
        expect(postbackSignature(`${secret}x`, timestamp, url)).not.toBe(signature);
        expect(postbackSignature(secret, timestamp + 1, url)).not.toBe(signature);
      }),
    );
  });
});
