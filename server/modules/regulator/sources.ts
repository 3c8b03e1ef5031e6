import type { Database } from '../../db/client.ts';
import { accountExportRows } from '../accounts/export-rows.ts';
import { accountRetention } from '../accounts/retention.ts';
import { complianceExportRows } from '../compliance/export-rows.ts';
import { crashBetExportRows } from '../crash/export-rows.ts';
import { gameRoundExportRows } from '../games/export-rows.ts';
import { ledgerExportRows } from '../ledger/export-rows.ts';
import { limitExportRows } from '../limits/export-rows.ts';
import { staffActionExportRows } from '../operators/export-rows.ts';
import { providerRoundExportRows } from '../providers/export-rows.ts';
import type { ScreeningService } from '../screening/service.ts';
import { signInExportRows } from '../signins/export-rows.ts';
import { signInRetention } from '../signins/retention.ts';
import type { ExportSources, RetentionPorts } from './service.ts';

// Where the regulator's export reads each file from (docs/decisions/0117): every module's own named read functions
// (its export-rows.ts), never its tables. Retention asks compliance and screening which players an open matter still
// needs, and an anonymised player's sign-ins and decided screening hits are forgotten with them.

export function regulatorSources(
  db: Database,
  { screening }: { screening: Pick<ScreeningService, 'exportRows' | 'openHitPlayers' | 'forgetDecided'> },
): { sources: ExportSources; retention: RetentionPorts } {
  const complianceRows = complianceExportRows(db);
  const limitRows = limitExportRows(db);
  const accountRows = accountExportRows(db);
  const accountsKept = accountRetention(db);
  const signInsKept = signInRetention(db);
  return {
    sources: {
      players: [accountRows.players],
      account_events: [accountRows.events],
      sessions: [signInExportRows(db)],
      transactions: [ledgerExportRows(db)],
      rounds: [gameRoundExportRows(db), crashBetExportRows(db), providerRoundExportRows(db)],
      limits: [limitRows.limits],
      exclusions: [limitRows.exclusions],
      alerts: [complianceRows.alerts],
      cases: [complianceRows.cases],
      interventions: [complianceRows.interventions],
      screening_hits: [screening.exportRows],
      staff_actions: [staffActionExportRows(db)],
    },
    retention: {
      candidates: accountsKept.candidates,
      neededByOpenMatters: async (playerIds) => {
        const [matters, hits] = await Promise.all([complianceRows.neededByOpenMatters(playerIds), screening.openHitPlayers(playerIds)]);
        return new Set([...matters, ...hits]);
      },
      anonymise: async (playerId, at) => {
        const done = await accountsKept.anonymise(playerId, at);
        if (done) await Promise.all([signInsKept.forget(playerId), screening.forgetDecided(playerId)]);
        return done;
      },
    },
  };
}
