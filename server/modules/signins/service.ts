import type { FastifyBaseLogger } from 'fastify';
import type { PlayerSignIns } from '../../../contract/signins.ts';
import type { Database } from '../../db/client.ts';
import type { RegisteredJob } from '../jobs/service.ts';
import type { DuplicateFlags } from './duplicates.ts';
import { createLinks, type LinkDependencies } from './links.ts';
import { createRecall, type RecallSources } from './recall.ts';
import { createSignInSessions, type SessionDependencies, type SignedIn, type SignInMethod } from './sessions.ts';
import { type Publish, publishNowhere } from '../shared/events.ts';
import type { SignInsEvents } from './events.ts';

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
  publish = publishNowhere,
}: Omit<SessionDependencies, 'now'> &
  Omit<LinkDependencies, 'db'> & {
    db: Database;
    now?: () => Date;
    duplicates: DuplicateFlags;
    recall: RecallSources;
    logger?: FastifyBaseLogger;
    /** Tells the others what happened (signins/events.ts); no one hears when omitted. */
    publish?: Publish<SignInsEvents>;
  }) {
  const sessions = createSignInSessions({ db, currency, now, stakeTotals });
  const links = createLinks({ db, raiseAlert, sharedContacts, sharedInstruments, emailsOf });
  const recall = createRecall(recallSources);

  /** Linking never fails what caused it (a sign-in, a registration, a payment): a failure is logged, not thrown. */
  const linkQuietly = async (playerId: number, which?: Parameters<typeof links.link>[1]) => {
    try {
      await links.link(playerId, which);
    } catch (error) {
      logger?.warn({ err: error, playerId }, 'account linking failed');
    }
  };

  return {
    /** A player signed in: the session is recorded, links by device and IP looked for, SignedIn told (a failing listener is logged). */
    async recordSignIn(input: SignedIn & { method: SignInMethod; tokenId: number | null }): Promise<void> {
      await sessions.record(input);
      await linkQuietly(input.playerId, ['signIns']);
      await publish('SignedIn', { playerId: input.playerId, at: input.at, ip: input.ip, deviceId: input.deviceId, userAgent: input.userAgent });
    },

    /** The accounts' token was used or signed out (the accounts' TokenActivity). */
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
    /** The ledger committed a journal (JournalCommitted): a deposit or a withdrawal may share an instrument. */
    async journalCommitted({ journal, playerIds }: { journal: { type: string }; playerIds: number[] }): Promise<void> {
      if (['deposit', 'withdrawal_hold'].includes(journal.type) && playerIds.length === 1) await linkQuietly(playerIds[0]!, ['payments']);
    },
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
