import { VIP_TIERS } from '../../../contract/clubs.rules.ts';
import { formatMoney } from '../../../contract/money.ts';
import { TierBadge } from '../../components/tier-badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import type { ClubState } from '../../lib/use-club.ts';
import { clubDate, Figure, pointsText, TierProgress } from './club-parts.tsx';

/** /account/vip-club: the tier and its perks, the way to the next, this week's cashback and the tiers side by side. */
export function VipScreen({ club }: { club: ClubState }) {
  const { vip } = club;
  const money = (minor: number) => formatMoney(minor, vip.currency);
  const next = vip.next_tier;
  return (
    <div className="space-y-6">
      <Card>
        <div className="flex flex-wrap items-center gap-4">
          <TierBadge slug={vip.tier.slug} className="h-14 w-14" />
          <div className="min-w-0 flex-1">
            <p className="text-xs uppercase tracking-wider text-mist-400">Your tier</p>
            <p className="text-2xl font-bold text-mist-100" data-testid="vip-tier">
              {vip.tier.name}
            </p>
          </div>
          <p className="text-sm text-mist-300">
            {pointsText(vip.points_this_month)} this month · {pointsText(vip.points_last_month)} last month
          </p>
        </div>
        <ul className="mt-4 grid gap-1.5 text-sm text-mist-300 sm:grid-cols-2">
          {vip.tier.perks.map((perk) => (
            <li key={perk} className="flex gap-2">
              <span aria-hidden="true" className="text-gold-400">
                ✓
              </span>
              {perk}
            </li>
          ))}
        </ul>
        <div className="mt-5">
          <TierProgress
            current={vip.points_this_month}
            target={next ? vip.points_this_month + next.points_needed : vip.points_this_month}
            label={next ? `${pointsText(next.points_needed)} more this month for ${next.name}` : 'You hold the top tier'}
          />
        </div>
      </Card>

      <dl className="grid gap-3 sm:grid-cols-3">
        <Figure
          label="Cashback this week"
          value={money(vip.cashback.accrued)}
          testId="vip-cashback"
          note={
            vip.cashback.percent > 0
              ? `${vip.cashback.percent}% of net losses since ${clubDate(vip.cashback.period_start)}, paid ${clubDate(vip.cashback.next_payout_at)}`
              : `Reach ${VIP_TIERS[1]!.name} for ${VIP_TIERS[1]!.cashbackPercent}% weekly cashback`
          }
        />
        <Figure label="Withdrawals per day" value={money(vip.daily_withdrawal_limit)} />
        <Figure label="Withdrawals reviewed within" value={`${vip.withdrawal_review_hours} h`} />
      </dl>

      <section aria-labelledby="vip-tiers">
        <h2 id="vip-tiers" className="mb-3 text-lg font-semibold text-mist-100">
          The tiers
        </h2>
        <ol className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {VIP_TIERS.map((tier) => {
            const current = tier.slug === vip.tier.slug;
            return (
              <li
                key={tier.slug}
                aria-current={current ? 'true' : undefined}
                className={`rounded-card border p-4 ${current ? 'border-gold-400 bg-night-800' : 'border-night-700 bg-night-900'}`}
              >
                <div className="flex items-center gap-2">
                  <TierBadge slug={tier.slug} className="h-7 w-7" />
                  <h3 className="font-semibold text-mist-100">{tier.name}</h3>
                  {current ? <span className="ml-auto rounded-full bg-gold-400 px-2 py-0.5 text-xs font-bold text-night-950">You</span> : null}
                </div>
                <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-2 gap-y-1 text-sm">
                  <dt className="text-mist-400">Points a month</dt>
                  <dd className="text-right tabular-nums">{tier.monthlyPoints.toLocaleString('en-US')}</dd>
                  <dt className="text-mist-400">Weekly cashback</dt>
                  <dd className="text-right">{tier.cashbackPercent}%</dd>
                  <dt className="text-mist-400">Per day</dt>
                  <dd className="text-right tabular-nums">{formatMoney(tier.dailyWithdrawalLimit, vip.currency, { cents: false })}</dd>
                  <dt className="text-mist-400">Reviewed within</dt>
                  <dd className="text-right">{tier.withdrawalReviewHours} h</dd>
                </dl>
              </li>
            );
          })}
        </ol>
        <p className="mt-3 text-sm text-mist-400">
          Your tier follows the points you earned last month, and moves up at once when this month’s points reach a higher tier; it never moves down during a
          month.
        </p>
      </section>
    </div>
  );
}
