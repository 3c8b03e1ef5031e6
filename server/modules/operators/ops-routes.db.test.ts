// Operations on the operator API (issue 18): games on and off with category, tags and stake limits, the maintenance
// switch, route rules and the outbox's retry. Each change answers 403 without its permission, 422 on bad input
// (changing nothing) and leaves its audit row.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { siteRedirect } from '../../../app/lib/route-rules.ts';
import { useTestApp } from '../../test-app.ts';
import { outboxMessages } from '../outbox/schema.ts';
import { gamesKit } from '../games/testing.ts';
import { checkRouteRule, maskRecipient, scrubError } from './ops-routes.ts';
import { OPERATOR_ENV, staffKit } from './testing.ts';

const t = useTestApp(OPERATOR_ENV);
const kit = staffKit(t, '10.81');
const games = gamesKit(t);

let admin: string;
let marketing: string;
let support: string;
beforeAll(async () => {
  admin = await kit.adminToken();
  marketing = (await kit.staff('marketing')).token;
  support = (await kit.staff('support')).token;
});

const auditRows = async (action: string) => {
  const response = await kit.call('GET', `/api/admin/audit?action=${action}&per_page=100`, { token: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { subject: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }[];
};
const adminGame = async (slug: string) => {
  const list = (await kit.call('GET', '/api/admin/games', { token: admin })).json().data.games as { slug: string; [key: string]: unknown }[];
  return list.find((game) => game.slug === slug)!;
};
const lobbySlugs = async (query = '') => ((await kit.call('GET', `/api/games?per_page=100${query}`)).json().data as { slug: string }[]).map((g) => g.slug);

describe('PUT /api/admin/games/{slug}', () => {
  it('lists every game with its switch, category, tags and limits for games.manage only', async () => {
    const response = await kit.call('GET', '/api/admin/games', { token: marketing });
    expect(response.statusCode).toBe(200);
    const { games: list, categories, tags } = response.json().data;
    expect(categories.map((category: { slug: string }) => category.slug)).toEqual(['originals', 'slots', 'table-games']);
    expect(tags).toEqual(['new', 'popular']);
    expect(list.find((game: { slug: string }) => game.slug === 'dice')).toMatchObject({
      slug: 'dice',
      enabled: true,
      category: 'originals',
      kind: 'dice',
      stake_step: 1,
    });
    const refused = await kit.call('GET', '/api/admin/games', { token: support });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have the games.manage permission.');
  });

  it('a disabled game leaves the lobby, search, favourites and its page, and refuses new rounds; enabled again, it is back', async () => {
    const player = await games.fundedPlayer(100_00);
    expect((await games.call('POST', `/api/player/favourite/games/${(await adminGame('plinko')).id}`, { token: player.token })).statusCode).toBe(200);
    expect(await lobbySlugs()).toContain('plinko');
    // A round first, so the playable game is cached: the switch must reach the round path at once all the same.
    expect((await games.play('plinko', { mode: 'real', stake: 100, risk: 'low', rows: 8 }, { token: player.token })).statusCode).toBe(201);

    const off = await kit.call('PUT', '/api/admin/games/plinko', { token: marketing, payload: { enabled: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ slug: 'plinko', enabled: false });

    expect(await lobbySlugs()).not.toContain('plinko');
    expect(await lobbySlugs('&q=plinko')).toEqual([]);
    expect(await lobbySlugs('&category=originals')).not.toContain('plinko');
    expect((await kit.call('GET', '/api/games/plinko')).statusCode).toBe(404);
    expect(await t.services.site.game('plinko')).toBeNull();
    const favourites = (await games.call('GET', '/api/player/favourite/games', { token: player.token, headers: { accept: 'application/json' } })).json()
      .data as { slug: string }[];
    expect(favourites.map((g) => g.slug)).not.toContain('plinko');

    const before = await games.snapshot(player);
    const refused = await games.play('plinko', { mode: 'real', stake: 100, risk: 'low', rows: 8 }, { token: player.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'This game is not available at the moment. Please choose another game.', type: 'game_unavailable' });
    expect(await games.snapshot(player)).toEqual(before);
    expect((await games.play('plinko', { mode: 'demo', stake: 100, risk: 'low', rows: 8 })).statusCode).toBe(409);

    const [row] = (await auditRows('game.update')).filter((entry) => entry.subject === 'game:plinko');
    expect(row).toMatchObject({ before: { enabled: true }, after: { enabled: false } });

    expect((await kit.call('PUT', '/api/admin/games/plinko', { token: admin, payload: { enabled: true } })).statusCode).toBe(200);
    expect(await lobbySlugs()).toContain('plinko');
    expect((await games.play('plinko', { mode: 'real', stake: 100, risk: 'low', rows: 8 }, { token: player.token })).statusCode).toBe(201);
  });

  it('a round already in progress on a game that is then disabled still finishes', async () => {
    const player = await games.fundedPlayer(100_00);
    let round: { round_id: string; status: string };
    do {
      round = (await games.play('blackjack', { mode: 'real', stake: 100 }, { token: player.token })).json().data;
    } while (round.status !== 'open');
    expect((await kit.call('PUT', '/api/admin/games/blackjack', { token: admin, payload: { enabled: false } })).statusCode).toBe(200);
    try {
      expect((await games.play('blackjack', { mode: 'real', stake: 100 }, { token: player.token })).statusCode).toBe(409);
      const stood = await games.act('blackjack', round.round_id, 'stand', { token: player.token });
      expect(stood.statusCode, stood.body).toBe(200);
      expect(stood.json().data.status).toBe('settled');
    } finally {
      await kit.call('PUT', '/api/admin/games/blackjack', { token: admin, payload: { enabled: true } });
    }
  });

  it('changed stake limits are what the next round is held to, at once', async () => {
    const player = await games.fundedPlayer(100_00);
    expect((await games.play('dice', { mode: 'real', stake: 150, target: 50, direction: 'under' }, { token: player.token })).statusCode).toBe(201);
    const changed = await kit.call('PUT', '/api/admin/games/dice', { token: admin, payload: { min_stake: 200, max_stake: 5_000 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ min_stake: 200, max_stake: 5_000 });
    expect((await kit.call('GET', '/api/games/dice')).json().data.limits).toMatchObject({ min_stake: 200, max_stake: 5_000 });
    const low = await games.play('dice', { mode: 'real', stake: 150, target: 50, direction: 'under' }, { token: player.token });
    expect(low.statusCode).toBe(422);
    expect(low.json().errors.stake[0]).toMatch(/at least/);
    expect((await games.play('dice', { mode: 'real', stake: 6_000, target: 50, direction: 'under' }, { token: player.token })).statusCode).toBe(422);
    expect((await games.play('dice', { mode: 'real', stake: 200, target: 50, direction: 'under' }, { token: player.token })).statusCode).toBe(201);
    const [row] = (await auditRows('game.update')).filter((entry) => entry.subject === 'game:dice');
    expect(row!.after).toEqual({ min_stake: 200, max_stake: 5_000 });
    expect(Object.keys(row!.before!).sort()).toEqual(['max_stake', 'min_stake']);
  });

  it('moves a game to a known category and sets its tags', async () => {
    const response = await kit.call('PUT', '/api/admin/games/mines', { token: admin, payload: { category: 'table-games', tags: ['popular', 'popular'] } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ category: 'table-games', tags: ['popular'] });
    expect(await lobbySlugs('&category=table-games')).toContain('mines');
    expect(await lobbySlugs('&category=popular')).toContain('mines');
    expect((await kit.call('PUT', '/api/admin/games/mines', { token: admin, payload: { category: 'originals', tags: [] } })).statusCode).toBe(200);
    expect(await lobbySlugs('&category=popular')).not.toContain('mines');
  });

  it('refuses bad changes with a 422 naming the field, and changes nothing', async () => {
    const before = await adminGame('dice');
    const audited = (await auditRows('game.update')).length;
    const cases: [unknown, string][] = [
      [{ min_stake: 0 }, 'min_stake'],
      [{ min_stake: 10.5 }, 'min_stake'],
      [{ max_stake: -5 }, 'max_stake'],
      [{ min_stake: 5_000, max_stake: 100 }, 'min_stake'],
      [{ min_stake: (before.max_stake as number) + 1 }, 'min_stake'],
      [{ category: 'new' }, 'category'],
      [{ category: 'no-such-category' }, 'category'],
      [{ tags: ['hot'] }, 'tags.0'],
      [{ enabled: 'yes' }, 'enabled'],
      [{}, 'enabled'],
    ];
    for (const [payload, field] of cases) {
      const response = await kit.call('PUT', '/api/admin/games/dice', { token: admin, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(payload)).toContain(field);
    }
    // A slot's stake is shared by its lines: limits that are not a multiple of the line count could not be played.
    const slot = (await kit.call('GET', '/api/admin/games', { token: admin })).json().data.games.find((g: { kind: string }) => g.kind === 'slot');
    expect(slot.stake_step).toBeGreaterThan(1);
    const uneven = await kit.call('PUT', `/api/admin/games/${slot.slug}`, { token: admin, payload: { min_stake: slot.stake_step + 1 } });
    expect(uneven.statusCode).toBe(422);
    expect(uneven.json().errors.min_stake[0]).toContain(`steps of ${slot.stake_step}`);

    expect(await adminGame('dice')).toEqual(before);
    expect((await auditRows('game.update')).length).toBe(audited);
    expect((await kit.call('PUT', '/api/admin/games/no-such-game', { token: admin, payload: { enabled: false } })).statusCode).toBe(404);
  });
});

describe('the maintenance switch', () => {
  it('switched on, the public settings say so at once and the site redirects to /maintenance but not /admin; off again, it is open', async () => {
    const { site } = t.services;
    expect((await kit.call('GET', '/api/settings/get')).json().data.maintenance).toBe('false');
    const on = await kit.call('PUT', '/api/admin/settings', { token: admin, payload: { maintenance: 'true' } });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ maintenance: 'true', maintenance_locked: false });
    // The 5-second settings cache was filled above: the change must not wait for it.
    expect((await kit.call('GET', '/api/settings/get')).json().data.maintenance).toBe('true');
    const state = { settings: await site.publicSettings(), viewer: null, rules: await site.routeRules() };
    expect(siteRedirect(new URL('http://casino.test/'), state)).toMatchObject({ location: '/maintenance', status: 302 });
    expect(siteRedirect(new URL('http://casino.test/en/slots'), state)).toMatchObject({ location: '/maintenance' });
    expect(siteRedirect(new URL('http://casino.test/admin'), state)).toBeNull();
    expect(siteRedirect(new URL('http://casino.test/admin/settings'), state)).toBeNull();
    // Staff keep the operator API, to end the maintenance.
    expect((await kit.call('GET', '/api/admin/settings', { token: admin })).statusCode).toBe(200);

    expect((await kit.call('PUT', '/api/admin/settings', { token: admin, payload: { maintenance: 'false' } })).statusCode).toBe(200);
    expect((await kit.call('GET', '/api/settings/get')).json().data.maintenance).toBe('false');
    const open = { settings: await site.publicSettings(), viewer: null, rules: [] };
    expect(siteRedirect(new URL('http://casino.test/'), open)).toBeNull();

    const rows = (await auditRows('settings.update')).filter((row) => row.after && 'maintenance' in row.after);
    expect(rows.slice(0, 2).map((row) => [row.before, row.after])).toEqual([
      [{ maintenance: 'true' }, { maintenance: 'false', maintenance_locked: false }],
      [{ maintenance: 'false' }, { maintenance: 'true', maintenance_locked: false }],
    ]);
  });

  it('needs settings.manage and a known value', async () => {
    const refused = await kit.call('PUT', '/api/admin/settings', { token: marketing, payload: { maintenance: 'true' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have the settings.manage permission.');
    for (const payload of [{ maintenance: 'on' }, { maintenance: true }, {}]) {
      expect((await kit.call('PUT', '/api/admin/settings', { token: admin, payload })).statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await kit.call('GET', '/api/settings/get')).json().data.maintenance).toBe('false');
  });
});

describe('route rules', () => {
  it('adds, edits and deletes a rule, each audited, and the site follows it at once', async () => {
    const { site } = t.services;
    expect(await site.routeRules()).not.toContainEqual(expect.objectContaining({ source: '/spring-sale' }));
    const added = await kit.call('POST', '/api/admin/route-rules', { token: admin, payload: { source: '/spring-sale/', target: '/promotions', status: 301 } });
    expect(added.statusCode, added.body).toBe(201);
    const rule = added.json().data;
    expect(rule).toMatchObject({ source: '/spring-sale', target: '/promotions', status: 301 });
    expect(await site.routeRules()).toContainEqual({ source: '/spring-sale', target: '/promotions', status: 301 });
    expect((await kit.call('GET', '/api/admin/route-rules', { token: admin })).json().data).toContainEqual(rule);

    const edited = await kit.call('PUT', `/api/admin/route-rules/${rule.id}`, {
      token: admin,
      payload: { source: '/spring-sale', target: 'https://partner.example/offer?x=1', status: 302 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await site.routeRules()).toContainEqual({ source: '/spring-sale', target: 'https://partner.example/offer?x=1', status: 302 });

    const duplicate = await kit.call('POST', '/api/admin/route-rules', { token: admin, payload: { source: '/spring-sale', target: '/x', status: 302 } });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.source).toEqual(['There is already a rule for this source path.']);

    expect((await kit.call('DELETE', `/api/admin/route-rules/${rule.id}`, { token: admin })).statusCode).toBe(204);
    expect(await site.routeRules()).not.toContainEqual(expect.objectContaining({ source: '/spring-sale' }));
    expect((await kit.call('DELETE', `/api/admin/route-rules/${rule.id}`, { token: admin })).statusCode).toBe(404);

    const subject = `route_rule:${rule.id}`;
    expect((await auditRows('route_rule.create')).find((row) => row.subject === subject)?.after).toEqual({
      source: '/spring-sale',
      target: '/promotions',
      status: 301,
    });
    expect((await auditRows('route_rule.update')).find((row) => row.subject === subject)).toMatchObject({
      before: { target: '/promotions', status: 301 },
      after: { target: 'https://partner.example/offer?x=1', status: 302 },
    });
    expect((await auditRows('route_rule.delete')).find((row) => row.subject === subject)?.before).toMatchObject({ source: '/spring-sale' });
  });

  it('refuses paths that are not paths, reserved paths, loops and unknown statuses with a 422, and adds nothing', async () => {
    const count = (await kit.call('GET', '/api/admin/route-rules', { token: admin })).json().data.length;
    const cases: [unknown, string][] = [
      [{ source: 'spring', target: '/x', status: 302 }, 'source'],
      [{ source: '//evil.example', target: '/x', status: 302 }, 'source'],
      [{ source: '/a b', target: '/x', status: 302 }, 'source'],
      [{ source: '/', target: '/x', status: 302 }, 'source'],
      [{ source: '/admin/login', target: '/x', status: 302 }, 'source'],
      [{ source: '/api/games', target: '/x', status: 302 }, 'source'],
      [{ source: '/maintenance', target: '/x', status: 302 }, 'source'],
      [{ source: '/old', target: 'javascript:alert(1)', status: 302 }, 'target'],
      [{ source: '/old', target: '//evil.example', status: 302 }, 'target'],
      [{ source: '/old', target: '/old/', status: 302 }, 'target'],
      [{ source: '/old', target: '/new', status: 200 }, 'status'],
      [{ source: '/old', target: '/new' }, 'status'],
    ];
    for (const [payload, field] of cases) {
      const response = await kit.call('POST', '/api/admin/route-rules', { token: admin, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(payload)).toContain(field);
    }
    expect((await kit.call('GET', '/api/admin/route-rules', { token: admin })).json().data.length).toBe(count);
    expect((await kit.call('POST', '/api/admin/route-rules', { token: marketing, payload: { source: '/a', target: '/b', status: 302 } })).statusCode).toBe(403);
  });

  it('checks paths the way the site matches them', () => {
    expect(checkRouteRule({ source: '/old-page///', target: '/new?a=1#top' })).toEqual({ source: '/old-page', target: '/new?a=1#top', errors: {} });
    expect(checkRouteRule({ source: '/en/faq', target: '/x' }).errors.source).toBeDefined();
  });
});

describe('the outbox', () => {
  async function stuckMail(recipient: string, status: 'failed' | 'pending' = 'failed') {
    const [row] = await t.services.database.db
      .insert(outboxMessages)
      .values({
        channel: 'mail',
        recipient,
        template: 'password-reset',
        content: { subject: 'Reset your password', html: '<p>Hi</p>', text: 'Hi' },
        status,
        attempts: status === 'failed' ? 10 : 3,
        lastError: `550 mailbox ${recipient} unavailable`,
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    return row!;
  }

  it('lists failed and pending messages with masked recipients, for outbox.manage only', async () => {
    const failed = await stuckMail('ada.lovelace@example.com');
    const response = await kit.call('GET', '/api/admin/outbox', { token: support });
    expect(response.statusCode).toBe(200);
    const item = response.json().data.find((row: { id: string }) => row.id === String(failed.id));
    expect(item).toMatchObject({ channel: 'mail', template: 'password-reset', status: 'failed', attempts: 10, recipient: 'a***@example.com' });
    expect(item.last_error).toBe('550 mailbox a***@example.com unavailable');
    expect(response.body).not.toContain('ada.lovelace');
    expect(
      (await kit.call('GET', '/api/admin/outbox?status=sent', { token: support })).json().data.every((row: { status: string }) => row.status === 'sent'),
    ).toBe(true);
    expect((await kit.call('GET', '/api/admin/outbox?status=lost', { token: support })).statusCode).toBe(422);
    expect((await kit.call('GET', '/api/admin/outbox', { token: marketing })).statusCode).toBe(403);
  });

  it('retry re-queues a failed message, which is then sent, and the retry is audited', async () => {
    const failed = await stuckMail('grace.hopper@example.com');
    const retried = await kit.call('POST', `/api/admin/outbox/${failed.id}/retry`, { token: support });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ status: 'pending', attempts: 0 });
    await t.services.outbox.drain();
    const [row] = await t.services.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, failed.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect((await auditRows('outbox.retry')).find((entry) => entry.subject === `outbox:${failed.id}`)).toMatchObject({
      before: { status: 'failed', attempts: 10, last_error: '550 mailbox g***@example.com unavailable' },
      after: { status: 'pending', attempts: 0 },
    });

    const again = await kit.call('POST', `/api/admin/outbox/${failed.id}/retry`, { token: support });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This message was sent already.');
    expect((await kit.call('POST', '/api/admin/outbox/999999999/retry', { token: support })).statusCode).toBe(404);
    expect((await kit.call('POST', `/api/admin/outbox/${failed.id}/retry`, { token: marketing })).statusCode).toBe(403);
  });

  it('masks mail addresses and phone numbers', () => {
    expect(maskRecipient('mail', 'x@y.org')).toBe('x***@y.org');
    expect(maskRecipient('sms', '+35699123456')).toBe('+35•••••••56');
    expect(scrubError('refused +356 9912 3456 and bob@example.com')).toBe('refused +35•••••••56 and b***@example.com');
    expect(scrubError(null)).toBeNull();
  });
});
