import { createHmac } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import type { AuditService } from '../operators/audit.ts';

/** What every part of the affiliates module shares: the database, the clock, the audit log and the keyed hashes. */
export type AffiliatesCore = {
  db: Database;
  now: () => Date;
  audit: Pick<AuditService, 'audited' | 'record'>;
  /** The programme's currency (the site's). */
  currency: string;
  publicUrl: string;
  /** Keys the visitor hashes and the pseudonymous player references; never leaves the server. */
  secret: string;
};

const keyed = (secret: string, purpose: string, value: string) => createHmac('sha256', secret).update(`${purpose}\u0000${value}`).digest('hex');

/** A visitor for click counting: a keyed hash of the address and the browser, never the address itself. */
export const visitorHashOf = (secret: string, ip: string, userAgent: string) => keyed(secret, 'visitor', `${ip}\u0000${userAgent}`);

/** The player as one affiliate sees them: stable, and different for every affiliate, so refs cannot be joined. */
export const playerRefOf = (secret: string, affiliateId: number, playerId: number) => `p_${keyed(secret, 'player', `${affiliateId}:${playerId}`).slice(0, 12)}`;
