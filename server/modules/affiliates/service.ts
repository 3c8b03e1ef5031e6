// The affiliate programme (issue 31, docs/decisions/0107-affiliates.md): accounts and sign-in, tracking and
// attribution, reports, commission plans, monthly statements and payouts, postbacks and creatives. One file per job;
// this facade composes them into the one service the routes, the site's click recording and the job call.
import type { FastifyBaseLogger } from 'fastify';
import type { Templates } from '../../notify/templates.ts';
import type { SecretBox } from '../../secret-box.ts';
import type { PasswordHasher } from '../accounts/passwords.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { RegisteredJob } from '../jobs/service.ts';
import type { AuditService } from '../operators/audit.ts';
import type { OperatorsService } from '../operators/service.ts';
import type { OutboxService } from '../outbox/service.ts';
import type { Database } from '../../db/client.ts';
import { createAffiliateAccounts } from './accounts.ts';
import type { AffiliatesCore } from './core.ts';
import { createCreatives } from './creatives.ts';
import { createPlans } from './plans.ts';
import { createPayouts } from './payouts.ts';
import { createPostbacks, type PostbackAddressPolicy } from './postbacks.ts';
import { createReports, nextMonthStart, type RevenuePort } from './reports.ts';
import { createStatements, STATEMENT_JOB, STATEMENT_PATTERN, statementMonthOf } from './statements.ts';
import { createTracking, type TrackingPorts } from './tracking.ts';

export type AffiliatesService = ReturnType<typeof createAffiliatesService>;

export function createAffiliatesService({
  db,
  now = () => new Date(),
  audit,
  currency,
  publicUrl,
  siteName,
  secret,
  passwords,
  totpBox,
  secondFactor,
  outbox,
  ledger,
  revenue,
  players,
  fourEyesThreshold,
  monthsInProgress,
  logger,
  templates,
  postbackAddresses,
  staffEmails,
}: {
  db: Database;
  now?: () => Date;
  audit: Pick<AuditService, 'audited' | 'record'>;
  currency: string;
  publicUrl: string;
  siteName: string;
  secret: string;
  passwords: PasswordHasher;
  totpBox: SecretBox;
  secondFactor: OperatorsService['secondFactor'];
  outbox: Pick<OutboxService, 'enqueue' | 'wake' | 'states'>;
  ledger: Pick<LedgerService, 'transfer' | 'houseAccount'>;
  /** Each attributed player's money per day (the ledger's journals and the payments' chargebacks). */
  revenue: RevenuePort;
  players: TrackingPorts;
  fourEyesThreshold: number;
  monthsInProgress: boolean;
  logger?: FastifyBaseLogger;
  templates: Pick<Templates, 'affiliateApprovedMail'>;
  postbackAddresses: PostbackAddressPolicy;
  /** Staff e-mails by id (the operators' payouts list names who acted). */
  staffEmails: () => Promise<Map<number, string>>;
}) {
  const core: AffiliatesCore = { db, now, audit, currency, publicUrl, secret };
  const accounts = createAffiliateAccounts(core, { passwords, totpBox, secondFactor, siteName, logger, outbox, templates });
  const plans = createPlans(core);
  const postbacks = createPostbacks(core, { outbox, addressPolicy: postbackAddresses });
  const tracking = createTracking(core, players, postbacks);
  const reports = createReports(core, { revenue, tracking });
  const statements = createStatements(core, { ledger, revenue, tracking, monthsInProgress });
  const payouts = createPayouts(core, { ledger, fourEyesThreshold, staffEmails });
  const creatives = createCreatives(core);

  /** The monthly statements, keyed by the month they compute (decision 0107); a period is named like `2026-11`. */
  const statementJob: RegisteredJob = {
    name: STATEMENT_JOB,
    pattern: STATEMENT_PATTERN,
    periodFormat: 'the month to compute, e.g. 2026-11',
    parsePeriod: (text) => (/^2\d{3}-(0[1-9]|1[0-2])$/.test(text) ? new Date(nextMonthStart(text).getTime() + 30 * 60_000) : null),
    periodName: statementMonthOf,
    run: (period) => statements.run(period),
  };

  return { accounts, plans, postbacks, tracking, reports, statements, payouts, creatives, jobs: [statementJob] };
}
