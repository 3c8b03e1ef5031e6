import { Link } from 'react-router';
import type { PlayerFreeRounds } from '../../../contract/bonuses.ts';
import { formatMoney } from '../../../contract/money.ts';

// Free rounds a bonus granted on a provider's game (decision 0100): they are played in that game's own screen, so
// this list says where, how many are left, at what stake and until when.

const STATUS_LABELS: Record<PlayerFreeRounds['status'], string> = {
  active: 'Ready to play',
  pending: 'Being set up',
  played: 'All played',
  expired: 'Expired',
  failed: 'Not available',
};

const STATUS_TONES: Record<PlayerFreeRounds['status'], string> = {
  active: 'border-felt-500/70 text-emerald-300',
  pending: 'border-gold-500/60 text-gold-300',
  played: 'border-night-600 text-mist-300',
  expired: 'border-night-600 text-mist-400',
  failed: 'border-ruby-500/60 text-ruby-500',
};

const when = (iso: string) =>
  `${new Date(iso).toLocaleString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })} UTC`;

function FreeRoundsCard({ rounds }: { rounds: PlayerFreeRounds }) {
  const stake = formatMoney(rounds.bet_value, rounds.currency);
  const playable = rounds.status === 'active' && rounds.game?.playable === true;
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between" data-free-rounds={rounds.status}>
      <div className="min-w-0 space-y-1">
        <p className="font-semibold text-mist-100" data-testid="free-rounds-game">
          {rounds.game?.name ?? 'A game no longer offered'}
        </p>
        <p className="text-sm tabular-nums text-mist-300" data-testid="free-rounds-count">
          {rounds.status === 'failed'
            ? `${rounds.rounds} free rounds at ${stake} each could not be added`
            : `${rounds.rounds_left} of ${rounds.rounds} free rounds left · ${stake} a round`}
        </p>
        <p className="text-sm text-mist-400" data-testid="free-rounds-expiry">
          {rounds.expires_at ? `${rounds.status === 'expired' ? 'Ended' : 'Play by'} ${when(rounds.expires_at)}` : 'No end date'}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-3">
        <span className={`rounded-full border px-3 py-1 text-xs font-semibold uppercase tracking-wider ${STATUS_TONES[rounds.status]}`}>
          {STATUS_LABELS[rounds.status]}
        </span>
        {playable && rounds.game ? (
          <Link to={`/play/${rounds.game.slug}`} className="btn btn-primary">
            Play
          </Link>
        ) : null}
      </div>
    </li>
  );
}

/** The player's free rounds on providers' games, newest first; nothing when they have none. */
export function FreeRoundsList({ rounds }: { rounds: PlayerFreeRounds[] }) {
  if (rounds.length === 0) return null;
  return (
    <section aria-label="Free rounds">
      <h2 className="mb-3 font-display text-xl font-bold text-mist-100">Free rounds</h2>
      <ul className="divide-y divide-night-700 rounded-xl border border-night-700 bg-night-900">
        {rounds.map((item) => (
          <FreeRoundsCard key={item.id} rounds={item} />
        ))}
      </ul>
    </section>
  );
}
