// Clicks as the site serves them (docs/decisions/0107-affiliates.md): a page with `?token=` counts the click (not a
// bot's, not a visitor's repeat within 30 minutes), keeps `token~click` in ma_token, and stores a keyed hash of the
// visitor, never the address.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { productionSite } from '../../http/test-production-site.ts';
import { useTestApp } from '../../test-app.ts';
import { OPERATOR_ENV, staffKit } from '../operators/testing.ts';
import { affiliateClicks } from './schema.ts';
import { affiliateKit } from './testing.ts';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const maTokenOf = (response: LightMyRequestResponse) => response.cookies.find((cookie) => cookie.name === 'ma_token');

describe('affiliate clicks on the site', () => {
  const t = useTestApp(OPERATOR_ENV, productionSite);

  it('counts a person’s click once per half hour, never a bot’s, and keeps the click in ma_token', async () => {
    const kit = affiliateKit(t, '10.61');
    const staff = staffKit(t, '10.62');
    const affiliate = await kit.approvedAffiliate(await staff.adminToken());
    const link = await kit.link(affiliate.token);
    const visit = (userAgent: string, ip: string) =>
      t.app.inject({ method: 'GET', url: `/?token=${link.token}&sub=news-1`, headers: { 'user-agent': userAgent }, remoteAddress: ip });

    const first = await visit(BROWSER, '203.0.113.50');
    expect(first.statusCode).toBe(200);
    const cookie = maTokenOf(first)!;
    expect(cookie.value).toMatch(new RegExp(`^${link.token}~[A-Za-z0-9]+$`));
    expect(cookie).toMatchObject({ path: '/', maxAge: 604_800, sameSite: 'Strict', secure: true });
    // The same visitor again: the same click, not a new one.
    expect(maTokenOf(await visit(BROWSER, '203.0.113.50'))!.value).toBe(cookie.value);
    // Another visitor, and a crawler.
    expect(maTokenOf(await visit(BROWSER, '203.0.113.51'))!.value).not.toBe(cookie.value);
    expect(maTokenOf(await visit('Googlebot/2.1 (+http://www.google.com/bot.html)', '66.249.66.1'))!.value).toBe(link.token);

    const rows = await t.services.database.db
      .select()
      .from(affiliateClicks)
      .where(eq(affiliateClicks.linkId, Number(link.id)));
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.sub)).toEqual(['news-1', 'news-1']);
    for (const row of rows) {
      expect(row.visitorHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain('203.0.113');
    }
    const links = await kit.call('GET', '/api/affiliates/links', { token: affiliate.token });
    expect(links.json().data[0]).toMatchObject({ token: link.token, clicks: 2, registrations: 0 });

    // A signed-in player's visit keeps no affiliate token.
    const player = await kit.register(null);
    const signedIn = await t.app.inject({ method: 'GET', url: `/?token=${link.token}`, headers: { 'user-agent': BROWSER, cookie: `token=${player.token}` } });
    expect(maTokenOf(signedIn)).toBeUndefined();
  });
});
