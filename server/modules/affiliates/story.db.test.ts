// The affiliate programme end to end over HTTP (issue 31 "done when"): an affiliate applies and is approved, a player
// arrives on their link, registers and deposits and shows in the portal at once; the month's statement job, run
// twice, makes one statement whose approval and payout move the commission through the ledger exactly once.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { paymentsKit } from '../payments/testing.ts';
import { OPERATOR_ENV, staffKit } from '../operators/testing.ts';
import { affiliateKit } from './testing.ts';

const month = () => new Date().toISOString().slice(0, 7);

describe('affiliate programme story', () => {
  const t = useTestApp({ ...OPERATOR_ENV, PAYMENTS_SANDBOX: 'true' });

  it('attributes a player who came through a link, shows their FTD, and pays the CPA once', async () => {
    const kit = affiliateKit(t);
    const staff = staffKit(t);
    const payments = paymentsKit(t);
    const admin = await staff.adminToken();
    const affiliate = await kit.approvedAffiliate(admin);
    const link = await kit.link(affiliate.token, { name: 'Spring banner', landing_path: '/promotion', sub: 'spring' });
    expect(link.url).toMatch(/\/promotion\?token=[A-Za-z0-9]+&sub=spring$/);

    const maToken = await kit.click(link.token, { sub: 'campaign-7' });
    expect(maToken).toMatch(new RegExp(`^${link.token}~[A-Za-z0-9]+$`));
    const player = await kit.register(maToken);
    await kit.eventually(() => kit.attribution(player.id));
    expect(await kit.attribution(player.id)).toMatchObject({ affiliateId: affiliate.id, sub: 'campaign-7', duplicate: false, testPlayer: false });

    await payments.deposit(player.token, 2_500);
    await kit.eventually(async () => (await kit.attribution(player.id))?.cpaQualifiedAt);

    const dashboard = await kit.call('GET', '/api/affiliates/dashboard', { token: affiliate.token });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().data.totals).toMatchObject({ clicks: 1, registrations: 1, ftds: 1, cpa_qualified: 1, deposits: 2_500, commission: 5_000 });
    // No player's personal data reaches the affiliate: only a pseudonymous ref.
    const listed = await kit.call('GET', '/api/affiliates/players', { token: affiliate.token });
    expect(listed.body).not.toContain(player.email);
    expect(listed.json().data[0]).toMatchObject({ player_ref: expect.stringMatching(/^p_[0-9a-f]{12}$/), sub: 'campaign-7' });
    expect(listed.body).not.toContain(`"${player.id}"`);

    const bySub = await kit.call('GET', `/api/affiliates/reports?group=sub&from=${month()}-01`, { token: affiliate.token });
    expect(bySub.json().data.rows).toEqual([expect.objectContaining({ key: 'campaign-7', clicks: 1, registrations: 1, ftds: 1 })]);
    const csv = await kit.call('GET', `/api/affiliates/reports.csv?group=day&from=${month()}-01`, { token: affiliate.token });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('key,label,clicks,registrations,ftds,cpa_qualified,deposits,ngr');
    expect(csv.body).toContain(',25.00,');

    // The month's job, run twice by hand: one statement.
    for (let run = 0; run < 2; run++) {
      const ran = await staff.call('POST', '/api/admin/jobs/affiliates:monthly-statements/run', {
        token: admin,
        payload: { period: month(), reason: 'Close the month' },
      });
      expect(ran.statusCode, ran.body).toBe(200);
    }
    const statements = await kit.call('GET', '/api/affiliates/statements', { token: affiliate.token });
    expect(statements.json().data).toHaveLength(1);
    const statement = statements.json().data[0];
    expect(statement).toMatchObject({ period: month(), kind: 'statement', cpa_count: 1, cpa_amount: 5_000, commission: 5_000, status: 'pending' });

    // Finance approves and pays; the money moves once through the ledger.
    const finance = await staff.staff('finance');
    const marketing = await staff.staff('marketing');
    expect(
      (await staff.call('POST', `/api/admin/affiliate-statements/${statement.id}/approve`, { token: marketing.token, payload: { reason: 'Looks right' } }))
        .statusCode,
    ).toBe(403);
    const approved = await staff.call('POST', `/api/admin/affiliate-statements/${statement.id}/approve`, {
      token: finance.token,
      payload: { reason: 'Looks right' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const payable = () => t.services.ledger.houseBalance('affiliate_payable', 'EUR');
    expect(await payable()).toBe(5_000);
    const paid = await staff.call('POST', `/api/admin/affiliate-statements/${statement.id}/payout`, {
      token: finance.token,
      payload: { reason: 'Monthly run' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ amount: 5_000, status: 'paid' });
    const again = await staff.call('POST', `/api/admin/affiliate-statements/${statement.id}/payout`, {
      token: finance.token,
      payload: { reason: 'Monthly run' },
    });
    expect(again.statusCode).toBe(409);
    expect(await payable()).toBe(0);
    expect(await t.services.ledger.houseBalance('affiliate_commission', 'EUR')).toBe(-5_000);
    const payouts = await kit.call('GET', '/api/affiliates/payouts', { token: affiliate.token });
    expect(payouts.json().data).toEqual([expect.objectContaining({ amount: 5_000, status: 'paid', period: month() })]);

    // The player page names the affiliate.
    const detail = await staff.call('GET', `/api/admin/players/${player.id}`, { token: admin });
    expect(detail.json().data.affiliate).toMatchObject({ id: String(affiliate.id), link_token: link.token, sub: 'campaign-7' });
  });

  it('never attributes the affiliate’s own e-mail, a second registration, or an unknown token', async () => {
    const kit = affiliateKit(t, '10.32');
    const staff = staffKit(t, '10.72');
    const affiliate = await kit.approvedAffiliate(await staff.adminToken());
    const link = await kit.link(affiliate.token);
    const self = await kit.register(await kit.click(link.token, { ip: '198.51.100.1' }), affiliate.email);
    const stranger = await kit.register('UnknownToken123');
    const other = await kit.register(await kit.click(link.token, { ip: '198.51.100.2' }));
    await kit.eventually(() => kit.attribution(other.id));
    expect(await kit.attribution(self.id)).toBeNull();
    expect(await kit.attribution(stranger.id)).toBeNull();
    // The same player cannot be attributed twice.
    expect(await t.services.affiliates.tracking.attribute({ id: other.id, email: other.email, maToken: link.token, createdAt: new Date() })).toBe(false);
  });
});
