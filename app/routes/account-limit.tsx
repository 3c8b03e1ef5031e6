import type { Route } from './+types/account-limit';
import { PageHeading } from '../components/site-frame.tsx';
import { Card, Skeleton } from '../components/ui/card.tsx';
import { MoneyLimits } from '../features/limits/money-limits.tsx';
import { PlaySafely } from '../features/limits/play-safely.tsx';
import { SessionSettings } from '../features/limits/session-settings.tsx';
import { TakeABreak } from '../features/limits/take-a-break.tsx';
import { useLimits } from '../features/limits/use-limits.ts';
import { pageMeta } from '../lib/meta.ts';

const LEAD = 'Deposit, loss and session limits, reality checks, time-outs and self-exclusion.';

// Organisations that help with gambling problems, free and confidential.
const HELP = [
  { name: 'BeGambleAware', href: 'https://www.begambleaware.org/', text: 'Advice and the National Gambling Helpline.' },
  { name: 'GamCare', href: 'https://www.gamcare.org.uk/', text: 'Support by phone and live chat, around the clock.' },
  { name: 'Gamblers Anonymous', href: 'https://www.gamblersanonymous.org/', text: 'Meetings with people who have been there.' },
  { name: 'GAMSTOP', href: 'https://www.gamstop.co.uk/', text: 'Exclude yourself from every UK-licensed site at once.' },
];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Limits', LEAD);

/** /account/limit */
export default function AccountLimit() {
  const state = useLimits();
  return (
    <>
      <PageHeading title="Limits" lead={LEAD} />
      {state.limits ? (
        <div className="space-y-5">
          <PlaySafely state={state} />
          <MoneyLimits state={state} currency={state.limits.currency} />
          <SessionSettings state={state} />
          <TakeABreak state={state} />
          <Card title="Help and support">
            <ul className="grid gap-3 sm:grid-cols-2">
              {HELP.map((help) => (
                <li key={help.name} className="rounded-lg border border-night-700 bg-night-900 p-3">
                  <a href={help.href} target="_blank" rel="noopener noreferrer" className="font-semibold text-gold-300 hover:underline">
                    {help.name}
                  </a>
                  <p className="mt-1 text-sm text-mist-400">{help.text}</p>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      ) : state.failed ? (
        <p role="alert" className="text-ruby-500">
          Your limits could not be loaded. Please reload the page.
        </p>
      ) : (
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-56 w-full" />
        </div>
      )}
    </>
  );
}
