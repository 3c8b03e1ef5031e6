// What the jobs screen says about each job (docs/decisions/0068-operator-jobs.md): a plain-English line
// per job, its cron pattern in words, and the next time it fires. Pure: the service and the tests share it.
import { Cron } from 'croner';

/** What each job does, by name, for the operators' jobs list. A job missing here is shown with its name only. */
export const JOB_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'games:interrupted-rounds': 'Settles game rounds left open by a closed tab or a lost connection, paying what they owe.',
  'clubs:weekly-cashback': 'Pays each VIP player their tier’s cashback on last ISO week’s net loss of real money.',
  'clubs:tier-review': 'Sets every player’s VIP tier for the new month from last month’s points.',
  'clubs:points-expiry': 'Expires loyalty points that have passed their validity, oldest first.',
  'bonuses:expiry': 'Expires bonuses whose time ran out and removes their remaining bonus money.',
  'audit:anchor': 'Writes the audit log’s newest hash to the anchor file and the log, so deleted rows can be found.',
  'providers:hub88-sync': 'Refreshes the Hub88 game list (new, changed and withdrawn games) and prunes the week’s call log.',
  'jobs:prune-runs': 'Deletes the records of job runs older than 90 days.',
  'regulator:retention': 'Anonymises players idle longer than the retention period, keeping any an open alert, case or hold still needs.',
  'screening:daily-rescreen': 'Reads the sanctions list again and screens every player against it; a new match raises a compliance alert.',
  'affiliates:monthly-statements': 'Computes each affiliate’s statement for the month before: CPA, NGR, RevShare and carry-over.',
  'signins:forget-addresses': 'Blanks the address and browser of sign-ins older than the retention period (two years).',
  'payments:chain-payout-returns': 'Returns to the player, once, the money of an on-chain withdrawal the signer reported as failed.',
  'payments:chain-watcher': 'Reads new blocks for crypto deposits to players’ addresses and credits those with enough confirmations.',
};

export const describeJob = (name: string) => JOB_DESCRIPTIONS[name] ?? 'No description yet.';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const NUMBER = /^\d{1,2}$/;
const pad = (value: string) => value.padStart(2, '0');
const ordinal = (day: number) =>
  `${day}${day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th'}`;

/**
 * A five-field cron pattern in words, in UTC: the shapes our jobs use (every N minutes, hourly, daily, weekly,
 * monthly at a time). Anything else is answered as the pattern itself.
 */
export function describePattern(pattern: string): string {
  const fields = pattern.trim().split(/\s+/);
  // Six fields: seconds first (croner); only the watcher's "every N seconds" is worded.
  const seconds = fields.length === 6 && fields.slice(1).every((field) => field === '*') ? /^\*\/(\d{1,2})$/.exec(fields[0]!) : null;
  if (seconds) return seconds[1] === '1' ? 'Every second' : `Every ${seconds[1]} seconds`;
  if (fields.length !== 5) return pattern;
  const [minute, hour, day, month, weekday] = fields as [string, string, string, string, string];
  if (month !== '*') return pattern;
  const everyDay = day === '*' && weekday === '*';
  const step = /^\*\/(\d{1,2})$/.exec(minute);
  if (step && hour === '*' && everyDay) return step[1] === '1' ? 'Every minute' : `Every ${step[1]} minutes`;
  if (minute === '*' && hour === '*' && everyDay) return 'Every minute';
  if (!NUMBER.test(minute)) return pattern;
  if (hour === '*' && everyDay) return `Every hour at :${pad(minute)}`;
  if (!NUMBER.test(hour)) return pattern;
  const time = `${pad(hour)}:${pad(minute)} UTC`;
  if (everyDay) return `Every day at ${time}`;
  if (day === '*' && /^[0-7]$/.test(weekday)) return `Every ${DAYS[Number(weekday) % 7]} at ${time}`;
  if (weekday === '*' && NUMBER.test(day)) return `On the ${ordinal(Number(day))} of every month at ${time}`;
  return pattern;
}

/** When the pattern next fires after `after` (UTC), or null for a pattern that never fires again. */
export function nextRunOf(pattern: string, after = new Date()): Date | null {
  return new Cron(pattern, { timezone: 'UTC', paused: true }).nextRun(after);
}
