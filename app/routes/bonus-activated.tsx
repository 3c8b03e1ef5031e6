import { Link } from 'react-router';
import { freeSpinWinningsText } from '../lib/free-spin-text.ts';
import type { Route } from './+types/bonus-activated';
import { formatMoney } from '../../contract/money.ts';
import { PageHeading } from '../components/site-frame.tsx';
import { servicesContext, siteStateContext } from '../lib/context.ts';
import { pageMeta } from '../lib/meta.ts';
import { signedInPlayerId } from '../lib/player-gate.ts';

export async function loader({ context, url }: Route.LoaderArgs) {
  const playerId = signedInPlayerId(context.get(siteStateContext).viewer);
  const services = context.get(servicesContext);
  const [bonuses, wallet] = await Promise.all([services.playerBonuses(playerId), services.wallet(playerId)]);
  const id = url.searchParams.get('id');
  const bonus = bonuses.find((b) => b.id === id) ?? bonuses.find((b) => b.status === 'active' || b.status === 'pending') ?? null;
  return { bonus, currency: wallet.currency };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Bonus activated', 'What your bonus gives you and what happens next.');

/** /bonus-activated: what was activated and what happens next. */
export default function BonusActivated({ loaderData }: Route.ComponentProps) {
  const { bonus, currency } = loaderData;
  const money = (minor: number) => formatMoney(minor, currency);
  if (!bonus)
    return (
      <>
        <PageHeading title="Bonus activated" lead="You have no bonus in progress." />
        <Link to="/all-bonuses" className="btn btn-primary">
          See the offers
        </Link>
      </>
    );
  const pending = bonus.status === 'pending';
  const next: string[] = pending
    ? [
        `Deposit at least ${money(bonus.terms.min_deposit)}: we add ${bonus.terms.match_percent}% of it, up to ${money(bonus.terms.max_bonus)}, as bonus money.`,
        `The offer waits for your deposit for ${bonus.terms.claim_days} days.`,
      ]
    : [
        ...(bonus.amount > 0 ? [`${money(bonus.amount)} of bonus money is in your balance.`] : []),
        ...(bonus.free_spins_left > 0 ? [`${bonus.free_spins_left} free spins at ${money(bonus.free_spin_stake)} each are ready to play in the game.`] : []),
        bonus.wagering_required > 0
          ? `Wager ${money(bonus.wagering_required)} before it turns into cash; your cash is staked first.`
          : bonus.terms.free_spins > 0
            ? freeSpinWinningsText(bonus)
            : 'This bonus has no wagering.',
        ...(bonus.max_bet !== null ? [`The maximum stake while it is active is ${money(bonus.max_bet)} per round.`] : []),
        'Withdrawing or cancelling before the wagering is done removes the bonus money; your cash is always yours.',
      ];
  return (
    <>
      <PageHeading title={pending ? 'Bonus claimed' : 'Bonus activated'} lead={bonus.title} />
      <section aria-label="What happens next" className="space-y-4 rounded-xl border border-gold-500/50 bg-night-900 p-5">
        <h2 className="font-display text-lg font-bold text-mist-100">What happens next</h2>
        <ul className="list-disc space-y-1 pl-5 text-mist-200">
          {next.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-3">
          {pending ? (
            <Link to={`/deposit?bonus=true&bonusId=${encodeURIComponent(bonus.slug)}`} className="btn btn-primary">
              Deposit now
            </Link>
          ) : null}
          {!pending && bonus.free_spins_left > 0 && bonus.free_spin_game ? (
            <Link to={`/play/${encodeURIComponent(bonus.free_spin_game)}?mode=real`} className="btn btn-primary">
              Play your free spins
            </Link>
          ) : null}
          <Link to="/account/bonuses" className={pending || bonus.free_spins_left > 0 ? 'btn btn-ghost' : 'btn btn-primary'}>
            Go to my bonuses
          </Link>
        </div>
      </section>
    </>
  );
}
