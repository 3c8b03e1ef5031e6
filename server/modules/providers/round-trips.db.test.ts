// What one Hub88 spin costs the database (bench/README.md "Provider callbacks", issue 29 §7): the statements a bet and
// its win send, counted at the driver, once the caches a running server holds are warm. Each is a round trip to
// PostgreSQL, which the callback waits for; the budget below keeps a change from quietly adding them back.
import { afterAll, describe, expect, it } from 'vitest';
import { roundTripCounter } from '../../db/round-trip-counter.ts';
import { useTestApp } from '../../test-app.ts';
import { createHub88Wallet } from './hub88/wallet.ts';
import { hub88Env, hub88Kit, rsaKeyPair } from './testing.ts';

const aggregator = rsaKeyPair();
const t = useTestApp(hub88Env(aggregator, rsaKeyPair()));
const kit = hub88Kit(t, aggregator);
let counter: ReturnType<typeof roundTripCounter> | undefined;
afterAll(() => counter?.restore());

describe('round trips of a Hub88 spin', () => {
  it('a bet and its win stay within their budget of statements', async () => {
    const wallet = createHub88Wallet({ providers: t.services.providers, currency: 'EUR', subPartnerId: undefined });
    const player = await kit.player(100_00);
    const spin = async () => {
      const bet = kit.body.bet(player, 10);
      const win = kit.body.win(player, bet, 10);
      return { bet: () => wallet.handle('/transaction/bet', JSON.stringify(bet)), win: () => wallet.handle('/transaction/win', JSON.stringify(win)) };
    };
    // The first spin finds the player's accounts and fills the caches, as a session's first spin does on a server.
    const warm = await spin();
    expect((await warm.bet()).status).toBe('RS_OK');
    expect((await warm.win()).status).toBe('RS_OK');
    await new Promise((resolve) => setTimeout(resolve, 50));

    counter = roundTripCounter(t.services.database);
    // Each is counted with what it leaves running after its answer (the balance event's wallet read), so that lands
    // in its own count and not in the next one's. The fewest of three spins: the catalogue's game is read again every
    // 5 seconds, which a slow machine can hit between two spins.
    const settled = () => new Promise((resolve) => setTimeout(resolve, 200));
    let bet: string[] | undefined;
    let win: string[] | undefined;
    for (let i = 0; i < 3; i++) {
      const next = await spin();
      let answer: { status: string } | undefined;
      const betSent = await counter.during(async () => {
        answer = await next.bet();
        await settled();
      });
      expect(answer?.status).toBe('RS_OK');
      const winSent = await counter.during(async () => {
        answer = await next.win();
        await settled();
      });
      expect(answer?.status).toBe('RS_OK');
      if (!bet || betSent.length < bet.length) bet = betSent;
      if (!win || winSent.length < win.length) win = winSent;
    }
    if (!bet || !win) throw new Error('no spin counted');
    console.log(`${t.services.database.driver}: a bet sends ${bet.length} statements, its win ${win.length}`);
    // Before issue 29 §7's work: 14 and 11 (a transaction of eight statements each, the session, the standing).
    // A bet: its uuid; the limits with the standing, beside the open bonus; the one statement; the exclusion's
    // second look; the wallet for the balance event (not waited for). A win: it and its bet; the one statement; the
    // wallet for the answer.
    expect(bet.length, bet.join('\n')).toBeLessThanOrEqual(6);
    expect(win.length, win.join('\n')).toBeLessThanOrEqual(3);
    expect(bet.filter((text) => /^(begin|commit)$/i.test(text))).toEqual([]);
    expect(win.filter((text) => /^(begin|commit)$/i.test(text))).toEqual([]);
  });
});
