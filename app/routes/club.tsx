import type { Route } from './+types/club';
import { pageMeta } from '../lib/meta.ts';
import { PageHeading } from '../components/site-frame.tsx';
import { LOYALTY_POINT_RULES, MIN_CASHBACK, MIN_POINTS_EXCHANGE, POINTS_EXPIRY_MONTHS, POINTS_PER_CASH_UNIT, VIP_TIERS } from '../../contract/clubs.rules.ts';
import { formatMoney } from '../../contract/money.ts';
import { pagePath } from '../lib/page-validation.ts';
import { useSiteState } from '../lib/use-site-state.ts';

export function loader({ url }: Route.LoaderArgs) {
  return { club: pagePath(url) === '/loyalty-club' ? ('loyalty' as const) : ('vip' as const) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.club === 'loyalty'
    ? pageMeta(matches, 'Loyalty club', 'Earn points on every real-money round and exchange them for cash with no wagering.')
    : pageMeta(matches, 'VIP club', 'Four VIP tiers with weekly cashback, higher withdrawal limits and a personal manager.');

const tierColours: Record<string, string> = { bronze: '#c7864a', silver: '#c9d1de', gold: '#f7c14b', platinum: '#9fe3d2' };

function TierBadge({ slug }: { slug: string }) {
  return (
    <svg viewBox="0 0 40 40" className="h-10 w-10" aria-hidden="true">
      <path d="M20 3l5 10 11 1.6-8 7.8 1.9 11L20 28.3 10.1 33.4 12 22.4 4 14.6 15 13z" fill={tierColours[slug] ?? '#f7c14b'} />
    </svg>
  );
}

function VipClub({ currency }: { currency: string }) {
  return (
    <>
      <PageHeading
        title="VIP club"
        lead="Four tiers that reward regular play with cashback, faster withdrawals, higher limits and a personal host. Your tier follows the loyalty points you earned last month."
      />
      <ol className="grid gap-4 sm:grid-cols-2">
        {VIP_TIERS.map((tier) => (
          <li key={tier.slug} className="rounded-card border border-night-700 bg-night-850 p-5">
            <div className="flex items-center gap-3">
              <TierBadge slug={tier.slug} />
              <div>
                <h2 className="text-xl font-bold text-mist-100">{tier.name}</h2>
                <p className="text-sm text-mist-400">
                  {tier.monthlyPoints === 0 ? 'Every new player starts here' : `${tier.monthlyPoints.toLocaleString('en-US')} points a month`}
                </p>
              </div>
            </div>
            <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
              <dt className="text-mist-400">Weekly cashback</dt>
              <dd className="text-right font-semibold">{tier.cashbackPercent}%</dd>
              <dt className="text-mist-400">Withdrawals per day</dt>
              <dd className="text-right font-semibold">{formatMoney(tier.dailyWithdrawalLimit, currency, { cents: false })}</dd>
              <dt className="text-mist-400">Reviewed within</dt>
              <dd className="text-right font-semibold">{tier.withdrawalReviewHours} h</dd>
            </dl>
            <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-mist-300">
              {tier.perks.map((perk) => (
                <li key={perk}>{perk}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <p className="mt-6 text-sm text-mist-400">
        Your tier is set by the points you earned last month, and moves up at once when this month’s points reach a higher tier; it never moves down during a
        month. Weekly cashback is your tier’s percentage of last week’s net real-money losses (stakes minus wins, Monday to Sunday UTC), paid every Monday as
        cash with no wagering, from {formatMoney(MIN_CASHBACK, currency)}. Your tier’s daily withdrawal limit applies to the withdrawals you request each day
        (UTC).
      </p>
    </>
  );
}

function LoyaltyClub({ currency }: { currency: string }) {
  return (
    <>
      <PageHeading title="Loyalty club" lead="Every real-money round earns loyalty points. Exchange them for cash with no wagering, whenever you like." />
      <h2 className="font-display text-2xl font-bold">How you earn</h2>
      <table className="mt-3 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-night-700 text-mist-400">
            <th className="py-2 font-medium">Games</th>
            <th className="py-2 text-right font-medium">One point for every</th>
          </tr>
        </thead>
        <tbody>
          {LOYALTY_POINT_RULES.map((rule) => (
            <tr key={rule.category} className="border-b border-night-800">
              <td className="py-2">{rule.label}</td>
              <td className="py-2 text-right font-semibold">{formatMoney(rule.stakePerPoint, currency, { cents: false })} staked</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className="mt-8 font-display text-2xl font-bold">How you spend</h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-mist-300">
        <li>
          {POINTS_PER_CASH_UNIT} points buy {formatMoney(100, currency)} in cash, paid straight to your balance with no wagering.
        </li>
        <li>Exchange from {MIN_POINTS_EXCHANGE.toLocaleString('en-US')} points on your account’s Loyalty club page.</li>
        <li>
          Points expire {POINTS_EXPIRY_MONTHS} months after the month you earned them, oldest first. Bonus money, demo play and free spins earn no points.
        </li>
        <li>The points you earn each month also decide your VIP tier.</li>
      </ul>
    </>
  );
}

export default function Club({ loaderData }: Route.ComponentProps) {
  const currency = useSiteState()?.settings.default_currency ?? 'EUR';
  return loaderData.club === 'loyalty' ? <LoyaltyClub currency={currency} /> : <VipClub currency={currency} />;
}
