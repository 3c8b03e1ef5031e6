// The compliance options, parsed for server/config.ts: the licences held and the operator's stake caps, identity
// documents, sanctions and PEP screening, and how long player records are kept.
import path from 'node:path';
import { z } from 'zod';
import { JURISDICTION_IDS, type JurisdictionId } from '../contract/jurisdictions.ts';
import { commaList } from './config-fields.ts';

const stakeCap = z.coerce
  .number({ message: 'must be an amount in minor units' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(100_000_000)
  .optional();

const licenceSchema = z.object({
  MAX_SLOT_STAKE: stakeCap,
  MAX_SLOT_STAKE_UNDER_25: stakeCap,
  /** The licences the operator holds, each a jurisdiction profile (docs/decisions/0120); `default` serves every other country. */
  JURISDICTIONS: commaList
    .refine((items) => items.length > 0 && items.every((item) => (JURISDICTION_IDS as readonly string[]).includes(item)), {
      message: `must be a comma-separated list of ${JURISDICTION_IDS.join(', ')}`,
    })
    .default(['default']),
});

const recordsSchema = z.object({
  KYC_S3_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL like https://KEY:SECRET@host/bucket?region=…' }).optional(),
  KYC_RETENTION_DAYS: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0').max(36_500).default(1825),
  /** The sanctions list file (EU FSF XML) players are screened against; `none` turns screening off (decision 0116). */
  SCREENING_LIST_PATH: z.string().min(1, 'must not be empty').optional(),
  /** The PEP list file (OpenSanctions FtM entities JSON lines) players are screened against; `none` turns it off (decision 0116). */
  PEP_LIST_PATH: z.string().min(1, 'must not be empty').optional(),
  /** Years player records are kept after the relationship ends before they are anonymised (decision 0117). */
  RETENTION_YEARS: z.coerce
    .number({ message: 'must be a number of years' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(6),
});

/** The licence variables, spread into the environment schema of server/config.ts. */
export const licenceEnvironment = licenceSchema.shape;
/** The identity documents' store, screening and retention variables, spread into the environment schema of server/config.ts. */
export const recordsEnvironment = recordsSchema.shape;

/** With KYC_ENCRYPTION_KEY, which server/config.ts parses beside the other keys that seal data at rest. */
type ComplianceEnvironment = z.output<typeof licenceSchema> & z.output<typeof recordsSchema> & { APP_ENV: string; KYC_ENCRYPTION_KEY?: string | undefined };

export type ComplianceConfig = {
  /**
   * The operator's own per-spin slot stake caps in minor units (the lower one for players aged 18 to 24), on top of a
   * jurisdiction's statutory cap; null: none (docs/decisions/0055, 0120).
   */
  stakeCaps: { maxSlotStake: number | null; maxSlotStakeUnder25: number | null };
  /** The licences held (JURISDICTIONS): the jurisdiction profiles players are served under (docs/decisions/0120). */
  jurisdictions: JurisdictionId[];
  /** Identity documents (docs/decisions/0060): AES-256-GCM key (hex; generated into DATA_DIR when unset), S3 bucket URL, retention. */
  kyc: { encryptionKey: string | undefined; s3Url: string | undefined; retentionDays: number };
  /** Sanctions screening (docs/decisions/0116): the list file, or null when off (production without SCREENING_LIST_PATH). */
  screening: {
    listPath: string | null;
    /** The PEP list file, or null when off (production without PEP_LIST_PATH). */
    pepListPath: string | null;
  };
  /** Years records are kept before the retention job anonymises them (docs/decisions/0117). */
  retentionYears: number;
};

export function complianceConfigOf(e: ComplianceEnvironment): ComplianceConfig {
  return {
    stakeCaps: { maxSlotStake: e.MAX_SLOT_STAKE ?? null, maxSlotStakeUnder25: e.MAX_SLOT_STAKE_UNDER_25 ?? null },
    jurisdictions: [...new Set(e.JURISDICTIONS)] as JurisdictionId[],
    kyc: { encryptionKey: e.KYC_ENCRYPTION_KEY, s3Url: e.KYC_S3_URL, retentionDays: e.KYC_RETENTION_DAYS },
    screening: {
      listPath: screeningListPath(e.SCREENING_LIST_PATH, e.APP_ENV, SAMPLE_SCREENING_LIST),
      pepListPath: screeningListPath(e.PEP_LIST_PATH, e.APP_ENV, SAMPLE_PEP_LIST),
    },
    retentionYears: e.RETENTION_YEARS,
  };
}

/** The synthetic sample list shipped for development and tests (invented people only). */
export const SAMPLE_SCREENING_LIST = path.resolve(import.meta.dirname, 'modules/screening/sample/eu-sanctions-sample.xml');
/** The synthetic PEP sample (OpenSanctions FtM format, invented people only). */
export const SAMPLE_PEP_LIST = path.resolve(import.meta.dirname, 'modules/screening/sample/pep-sample.ftm.json');

/** A list file to screen against: as configured; the sample outside production; none (off) in production. */
function screeningListPath(configured: string | undefined, appEnv: string, sample: string): string | null {
  if (configured === 'none') return null;
  if (configured) return path.resolve(configured);
  return appEnv === 'production' ? null : sample;
}
