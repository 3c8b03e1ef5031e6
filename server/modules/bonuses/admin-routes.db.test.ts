import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.ts';
import { OPERATOR_ENV, staffKit } from '../operators/testing.ts';

// The back office's bonus editor (issue 18): bonuses.manage only, every change audited with before and after,
// retiring and un-retiring an offer takes it off and back onto the player site.

const t = useTestApp({ ...OPERATOR_ENV, APP_ENV: 'development' });
const kit = staffKit(t, '10.72');
const publicSlugs = async () => ((await kit.call('GET', '/api/bonuses')).json().data as { slug: string }[]).map((offer) => offer.slug);

describe('the bonus editor’s API', () => {
  it('marketing creates, changes, retires and un-retires an offer, each step audited; support is refused', async () => {
    const marketing = await kit.staff('marketing');
    const support = await kit.staff('support');
    const body = { slug: 'friday-match', title: 'Friday match', type: 'deposit_match', match_percent: 50, max_bonus: 100_00, wagering_multiplier: 5 };
    const refused = await kit.call('POST', '/api/admin/bonuses', { token: support.token, payload: body });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('bonuses.manage');
    expect((await kit.call('GET', '/api/admin/bonuses', { token: support.token })).statusCode).toBe(403);
    expect((await kit.call('PUT', '/api/admin/bonuses/welcome-match', { token: support.token, payload: { retired: true } })).statusCode).toBe(403);

    const created = await kit.call('POST', '/api/admin/bonuses', { token: marketing.token, payload: body });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.terms_text[0]).toBe('We add 50% of your deposit as bonus money, up to €100.00. Minimum deposit €0.00.');
    expect(await publicSlugs()).toContain('friday-match');
    const listed = (await kit.call('GET', '/api/admin/bonuses', { token: marketing.token })).json().data as { slug: string; claims: number }[];
    expect(listed.find((row) => row.slug === 'friday-match')).toMatchObject({ claims: 0 });

    const changed = await kit.call('PUT', '/api/admin/bonuses/friday-match', { token: marketing.token, payload: { match_percent: 75 } });
    expect(changed.json().data.match_percent).toBe(75);
    const retired = await kit.call('PUT', '/api/admin/bonuses/friday-match', { token: marketing.token, payload: { retired: true } });
    expect(retired.json().data.retired).toBe(true);
    expect(await publicSlugs()).not.toContain('friday-match');
    await kit.call('PUT', '/api/admin/bonuses/friday-match', { token: marketing.token, payload: { retired: false } });
    expect(await publicSlugs()).toContain('friday-match');

    const trail = await t.services.operators.audit.actionsOn('bonus:friday-match');
    expect(trail.map((row) => row.action)).toEqual(['bonus.create', 'bonus.update', 'bonus.retire', 'bonus.unretire']);
    expect(trail[0]).toMatchObject({ staff_id: String(marketing.id), after: { title: 'Friday match', match_percent: 50 } });
    expect(trail[1]).toMatchObject({ before: { match_percent: 50 }, after: { match_percent: 75 } });
    expect(trail[2]).toMatchObject({ before: { retired: false }, after: { retired: true } });
  });

  it('refuses wagering above the cap and other bad input per field, with no change and no audit row', async () => {
    const { token } = await kit.staff('marketing');
    const tooMuch = await kit.call('POST', '/api/admin/bonuses', {
      token,
      payload: { slug: 'greedy-match', title: 'Greedy', type: 'deposit_match', match_percent: 100, max_bonus: 10_00, wagering_multiplier: 35 },
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual({ wagering_multiplier: ['The wagering may not be more than 10 times the bonus.'] });
    const noPercent = await kit.call('POST', '/api/admin/bonuses', {
      token,
      payload: { slug: 'greedy-match', title: 'Greedy', type: 'deposit_match', max_bonus: 10_00, wagering_multiplier: 5 },
    });
    expect(noPercent.json().errors).toEqual({ match_percent: ['A deposit offer needs a match percent.'] });
    expect(
      (await kit.call('POST', '/api/admin/bonuses', { token, payload: { slug: 'Greedy!', title: '', type: 'nope', wagering_multiplier: -1 } })).statusCode,
    ).toBe(422);
    const badChange = await kit.call('PUT', '/api/admin/bonuses/welcome-match', { token, payload: { wagering_multiplier: 11 } });
    expect(badChange.statusCode).toBe(422);
    expect((await kit.call('GET', '/api/admin/bonuses', { token })).json().data.map((row: { slug: string }) => row.slug)).not.toContain('greedy-match');
    expect(await t.services.operators.audit.actionsOn('bonus:greedy-match')).toEqual([]);
    expect(await t.services.operators.audit.actionsOn('bonus:welcome-match')).toEqual([]);
  });
});
