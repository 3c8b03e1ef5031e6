// The one way any module raises a compliance alert (issue 33): AML rules, markers of harm, linked accounts and
// sanctions screening all hand their hits to the compliance module through this port, wired in server/services.ts.

/** What an alert is about: money laundering and fraud, signs of harm, duplicate accounts, sanctions or PEP lists. */
export type AlertKind = 'aml' | 'rg' | 'linked' | 'sanctions';

export type AlertInput = {
  playerId: number;
  kind: AlertKind;
  /** The rule that fired, stable and machine-readable: `velocity-deposits`, `structuring`, `sanctions-match`, … */
  rule: string;
  /** The facts a compliance officer needs to judge the hit (amounts in minor units, ids, counts); no secrets. */
  facts: Record<string, unknown>;
  /** The same key twice raises one alert (a rule re-evaluated on a retried event, a daily re-screen). */
  dedupeKey: string;
  /** Withdrawals wait for a compliance decision while the alert (or its case) is open. */
  holdWithdrawals?: boolean;
};

/** Records the alert (once per dedupe key) and, with `holdWithdrawals`, puts the player's withdrawals on hold. */
export type RaiseAlert = (alert: AlertInput) => Promise<void>;
