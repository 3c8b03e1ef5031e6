import type { FastifyBaseLogger } from 'fastify';
import type { PlayerSignIns } from '../../../contract/signins.ts';
import type { Database } from '../../db/client.ts';
import type { RegisteredJob } from '../jobs/service.ts';
import type { DuplicateFlags } from './duplicates.ts';
import { createLinks, type LinkDependencies } from './links.ts';
import { createRecall, type RecallSources } from './recall.ts';
import { createSignInSessions, type SessionDependencies, type SignedIn, type SignInMethod } from './sessions.ts';

// The sign-ins service (issue 33 §1, §3, §7; docs/decisions/0112 and 0113): who signed in from where and on which
// device, the sessions that followed with their net results, the accounts linked by what they share, the
// duplicate flag, and the player's recall of their last rounds.

export type SignInsService = ReturnType<typeof createSignInsService>;

export function createSignInsService({
  db,
  currency,
  now = () => new Date(),
  stakeTotals,
  raiseAlert,
  sharedContacts,
  sharedInstruments,
  emailsOf,
  duplicates,
  recall: recallSources,
  logger,
}: Omit<SessionDependencies, 'now'> &
  Omit<LinkDependencies, 'db'> & {
    db: Database;
    now?: () => Date;
    duplicates: DuplicateFlags;
    recall: RecallSources;
    logger?: FastifyBaseLogger;
  }) {
  const sessions = createSignInSessions({ db, currency, now, stakeTotals });
  const links = createLinks({ db, raiseAlert, sharedContacts, sharedInstruments, emailsOf });
  const recall = createRecall(recallSources);
  const listeners: ((signedIn: SignedIn) => Promise<void> | void)[] = [];

  /** Linking never fails what caused it (a sign-in, a registration, a payment): a failure is logged, not thrown. */
  const linkQuietly = async (playerId: number, which?: Parameters<typeof links.link>[1]) => {
    try {
      await links.link(playerId, which);
    } catch (error) {
      logger?.warn({ err: error, playerId }, 'account linking failed');
    }
  };

  return {
    /** A player signed in: the session is recorded, links by device and IP looked for, listeners told. */
    async recordSignIn(input: SignedIn & { method: SignInMethod; tokenId: number | null }): Promise<void> {
      await sessions.record(input);
      await linkQuietly(input.playerId, ['signIns']);
      for (const listener of listeners) {
        try {
          await listener({ playerId: input.playerId, at: input.at, ip: input.ip, deviceId: input.deviceId, userAgent: input.userAgent });
        } catch (error) {
          logger?.warn({ err: error, playerId: input.playerId }, 'sign-in listener failed');
        }
      }
    },

    /** Hears every recorded sign-in (the compliance rules); a failing listener is logged and the sign-in stands. */
    onSignedIn(listener: (signedIn: SignedIn) => Promise<void> | void): void {
      listeners.push(listener);
    },

    /** The accounts' token was used or signed out (accounts.onTokenActivity). */
    async tokenActivity(activity: { tokenId: number; at: Date; ended: boolean }): Promise<void> {
      try {
        await sessions.tokenActivity(activity);
      } catch (error) {
        logger?.warn({ err: error }, 'session activity not recorded');
      }
    },

    /** A registration (address, phone) or a payment (instruments): links looked for, quietly. */
    linkAfterRegistration: (playerId: number) => linkQuietly(playerId, ['contacts']),
    linkAfterPayment: (playerId: number) => linkQuietly(playerId, ['payments']),
    /** Every signal for each player given (the backfill: existing players, once). */
    async backfill(playerIds: number[]): Promise<number> {
      let found = 0;
      for (const playerId of playerIds) found += (await links.link(playerId)).length;
      return found;
    },

    previousSession: sessions.previousSession,
    sessionNets: sessions.sessionNets,
    lastRounds: recall.lastRounds,

    /** What staff see on the player page: sign-ins, linked accounts, the duplicate flag. */
    async staffView(playerId: number): Promise<PlayerSignIns> {
      const [signIns, linked, flag] = await Promise.all([sessions.history(playerId), links.linkedTo(playerId), duplicates.flagOf(playerId)]);
      return {
        sign_ins: signIns,
        linked,
        duplicate: flag && { reason: flag.reason, flagged_at: flag.flaggedAt.toISOString(), flagged_by: flag.flaggedBy },
      };
    },

    flagDuplicate: duplicates.flag,
    unflagDuplicate: duplicates.unflag,

    jobs: [
      {
        name: 'signins:forget-addresses',
        pattern: '30 3 * * *',
        run: async () => ({ forgotten: await sessions.forgetOldAddresses() }),
      },
    ] satisfies RegisteredJob[],
  };
}
