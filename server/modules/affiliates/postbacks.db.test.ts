// Postbacks through the outbox to a real receiver (docs/decisions/0107-affiliates.md): macros filled, signed with the
// affiliate's secret, retried after a failing answer, once per event and player, logged for the portal, no PII.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { OPERATOR_ENV, staffKit } from '../operators/testing.ts';
import { outboxMessages } from '../outbox/schema.ts';
import { paymentsKit } from '../payments/testing.ts';
import { postbackSignature } from './postbacks.ts';
import { affiliateKit } from './testing.ts';

const received: { url: string; headers: IncomingHttpHeaders }[] = [];
let failuresLeft = 0;
const receiver = createServer((request, response) => {
  received.push({ url: request.url ?? '', headers: request.headers });
  if (failuresLeft > 0) {
    failuresLeft -= 1;
    response.writeHead(500).end('down');
  } else response.writeHead(200).end('ok');
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

describe('postbacks', () => {
  const t = useTestApp({ ...OPERATOR_ENV, PAYMENTS_SANDBOX: 'true' });

  it('sends registration, first deposit and CPA postbacks with macros, signed, retried after a failure, once each', async () => {
    const kit = affiliateKit(t, '10.33');
    const staff = staffKit(t, '10.73');
    const payments = paymentsKit(t);
    const affiliate = await kit.approvedAffiliate(await staff.adminToken());
    const link = await kit.link(affiliate.token, { sub: 'feed' });
    const set = await kit.call('PUT', '/api/affiliates/postbacks', {
      token: affiliate.token,
      payload: {
        registration: `${base}/reg?cid={click_id}&sub={sub}&p={player_id}`,
        first_deposit: `${base}/ftd?cid={click_id}&amount={amount}&cur={currency}`,
        cpa_qualified: `${base}/cpa?amount={amount}&e={event}`,
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    const secret = set.json().data.signing_secret as string;
    expect(secret.length).toBeGreaterThanOrEqual(24);

    failuresLeft = 1;
    const maToken = (await kit.click(link.token, { sub: 'sub-9' }))!;
    const clickId = maToken.split('~')[1]!;
    const player = await kit.register(maToken);
    await kit.eventually(async () => received.some((r) => r.url.startsWith('/reg')));
    // The first answer was a 500: the outbox keeps it pending with the error, and tries again when due.
    await kit.eventually(async () => {
      const [row] = await t.services.database.db.select().from(outboxMessages).where(eq(outboxMessages.template, 'affiliate-postback-registration'));
      return row?.attempts === 1 && row.status === 'pending' && row.lastError?.includes('500');
    });
    await t.services.database.db
      .update(outboxMessages)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outboxMessages.template, 'affiliate-postback-registration'));
    await t.services.outbox.drain();
    const registrations = received.filter((r) => r.url.startsWith('/reg'));
    expect(registrations).toHaveLength(2);
    const log = await kit.call('GET', '/api/affiliates/postbacks/log', { token: affiliate.token });
    const entry = log.json().data[0];
    expect(entry).toMatchObject({ event: 'registration', status: 'sent', attempts: 2, url: `${base}/reg?cid=${clickId}&sub=sub-9&p=${entry.player_ref}` });
    const { headers, url } = registrations[1]!;
    expect(url).toBe(`/reg?cid=${clickId}&sub=sub-9&p=${entry.player_ref}`);
    expect(headers['x-croupier-event']).toBe('registration');
    expect(headers['x-croupier-signature']).toBe(postbackSignature(secret, Number(headers['x-croupier-timestamp']), `${base}${url}`));

    await payments.deposit(player.token, 3_000);
    await kit.eventually(async () => received.some((r) => r.url.startsWith('/cpa')));
    await t.services.outbox.drain();
    expect(received.find((r) => r.url.startsWith('/ftd'))?.url).toBe(`/ftd?cid=${clickId}&amount=30.00&cur=EUR`);
    expect(received.find((r) => r.url.startsWith('/cpa'))?.url).toBe('/cpa?amount=50.00&e=cpa_qualified');
    // A second deposit is no first deposit: nothing more is sent.
    await payments.deposit(player.token, 1_000);
    await t.services.outbox.drain();
    expect(received.filter((r) => r.url.startsWith('/ftd'))).toHaveLength(1);
    // No personal data in anything sent.
    for (const request of received) {
      expect(request.url).not.toContain(player.email.split('@')[0]);
      expect(request.url).not.toContain(`=${player.id}&`);
    }
    // Operators read the same log.
    const admin = await staff.adminToken();
    const adminLog = await staff.call('GET', `/api/admin/affiliates/${affiliate.id}/postbacks`, { token: admin });
    expect(
      adminLog
        .json()
        .data.map((row: { event: string }) => row.event)
        .sort(),
    ).toEqual(['cpa_qualified', 'first_deposit', 'registration']);
  });

  it('refuses addresses that are not http(s) and changes nothing', async () => {
    const kit = affiliateKit(t, '10.34');
    const staff = staffKit(t, '10.74');
    const affiliate = await kit.approvedAffiliate(await staff.adminToken());
    for (const bad of ['javascript:alert(1)', 'ftp://x.example/a', 'not a url', 'x'.repeat(600)]) {
      const refused = await kit.call('PUT', '/api/affiliates/postbacks', { token: affiliate.token, payload: { registration: bad } });
      expect(refused.statusCode, bad).toBe(422);
      expect(refused.json().errors.registration).toBeDefined();
    }
    expect((await kit.call('GET', '/api/affiliates/postbacks', { token: affiliate.token })).json().data.urls).toEqual({
      registration: null,
      first_deposit: null,
      cpa_qualified: null,
    });
  });
});
