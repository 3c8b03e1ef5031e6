import type { LoyaltyEntry } from '../../../contract/clubs.ts';
import { LOYALTY_POINT_RULES } from '../../../contract/clubs.rules.ts';
import { formatMoney } from '../../../contract/money.ts';
import { Card, EmptyState } from '../../components/ui/card.tsx';
import type { ClubState } from '../../lib/use-club.ts';
import { clubDate, Figure, pointsText, TierProgress } from './club-parts.tsx';
import { ExchangeForm } from './exchange-form.tsx';

const entryLabels: Record<LoyaltyEntry['type'], string> = {
  earned: 'Earned',
  exchanged: 'Exchanged',
  expired: 'Expired',
  adjusted: 'Adjusted',
};

const details = (entry: LoyaltyEntry) =>
  entry.type === 'earned'
    ? 'Real-money round'
    : entry.type === 'expired'
      ? `Points earned in ${entry.reference ?? 'an earlier month'}`
      : (entry.reference ?? '—');

/** The history as a list: it reads the same at phone width as on a desktop. */
function History({ entries }: { entries: LoyaltyEntry[] }) {
  return (
    <ul aria-label="Loyalty points history" className="divide-y divide-night-700 rounded-card border border-night-700">
      {entries.map((entry) => (
        <li key={entry.id} className="flex items-center gap-3 px-4 py-2.5 text-sm">
          <div className="min-w-0 flex-1">
            <p className="font-medium text-mist-100">
              {entryLabels[entry.type]} <span className="font-normal text-mist-400">· {clubDate(entry.created_at)}</span>
            </p>
            <p className="truncate text-mist-400">{details(entry)}</p>
          </div>
          <span className={`tabular-nums font-semibold ${entry.points > 0 ? 'text-felt-500' : 'text-mist-300'}`}>
            {`${entry.points > 0 ? '+' : ''}${entry.points.toLocaleString('en-US')}`}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** /account/loyalty-club: the balance, this month, the way to the next tier, expiry, the exchange and the history. */
export function LoyaltyScreen({ club }: { club: ClubState }) {
  const { loyalty, vip } = club;
  const next = vip.next_tier;
  return (
    <div className="space-y-6">
      <dl className="grid gap-3 sm:grid-cols-3">
        <Figure label="Points balance" value={loyalty.points.toLocaleString('en-US')} testId="loyalty-points" />
        <Figure label="Earned this month" value={loyalty.points_this_month.toLocaleString('en-US')} testId="loyalty-month" />
        <Figure
          label="Expiring next"
          value={loyalty.expiring ? loyalty.expiring.points.toLocaleString('en-US') : '0'}
          note={loyalty.expiring ? `on ${clubDate(loyalty.expiring.at)}` : 'No points due to expire'}
        />
      </dl>

      <Card title="Your VIP tier">
        <p className="mb-3 text-sm text-mist-300">
          You are <strong className="text-mist-100">{vip.tier.name}</strong>.{' '}
          {next
            ? `Earn ${pointsText(next.points_needed)} more this month to reach ${next.name} at once.`
            : 'You hold the top tier: keep earning to hold it next month.'}
        </p>
        <TierProgress
          current={vip.points_this_month}
          target={next ? vip.points_this_month + next.points_needed : vip.points_this_month}
          label={next ? `Progress to ${next.name}` : 'Top tier reached'}
        />
      </Card>

      <Card title="Exchange points for cash">
        <ExchangeForm points={loyalty.points} currency={vip.currency} />
      </Card>

      <section aria-labelledby="loyalty-history">
        <h2 id="loyalty-history" className="mb-3 text-lg font-semibold text-mist-100">
          History
        </h2>
        {loyalty.history.length === 0 ? (
          <EmptyState
            title="No points yet"
            text={`Every real-money round earns points: ${LOYALTY_POINT_RULES.map((rule) => `one for every ${formatMoney(rule.stakePerPoint, vip.currency, { cents: false })} staked on ${rule.label.toLowerCase()}`).join(', ')}.`}
          />
        ) : (
          <History entries={loyalty.history} />
        )}
      </section>
    </div>
  );
}
