import type { Route } from './+types/jurisdictions';
import type { JurisdictionProfileView } from '../../../contract/jurisdictions-admin.ts';
import { COUNTRIES } from '../../../contract/countries.ts';
import { formatMoney } from '../../../contract/money.ts';
import { Card } from '../../components/ui/card.tsx';
import { adminLoad } from '../../features/admin/api.ts';
import { AdminHeading, Badge, Loading, Notice } from '../../features/admin/ui.tsx';

// The jurisdiction profiles, read-only (docs/decisions/0120): which licences the site holds (JURISDICTIONS), which
// countries each serves and every rule it applies. The rules change in code, with tests, never here.

const countryName = new Map(COUNTRIES.map((country) => [country.code, country.name]));
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const months = (list: number[]) => `${list.join(', ')} months`;

function rulesOf(profile: JurisdictionProfileView, currency: string): [string, string][] {
  const money = (minor: number) => formatMoney(minor, currency);
  const cap = profile.slot_stake_cap;
  return [
    [
      'Slot stake cap',
      cap
        ? `${money(cap.amount)} a spin; ${money(cap.under_25)} for ages 18 to 24 (set in ${cap.stated_in}, applied as the same amount in ${currency})`
        : 'None (the operator’s MAX_SLOT_STAKE applies if set)',
    ],
    ['Time between slot spins', profile.min_spin_ms ? `At least ${profile.min_spin_ms / 1000} seconds` : 'No minimum'],
    ['Autoplay, turbo, slam stop', [profile.autoplay, profile.turbo, profile.slam_stop].map(yesNo).join(', ')],
    ['Bonus wagering', profile.bonus_max_wagering ? `At most ${profile.bonus_max_wagering} times the bonus` : 'The site’s own maximum'],
    ['Single-product bonuses', yesNo(profile.single_product_bonuses)],
    [
      'Deposit limit prompt',
      profile.deposit_limit_prompt ? `Before the first deposit, then every ${profile.deposit_limit_prompt.remind_every_months} months` : 'Not asked',
    ],
    ['Deposit limits count', 'Gross deposits (withdrawals are not taken off)'],
    [
      'Reality check to start with',
      profile.reality_check_default_minutes ? `Every ${profile.reality_check_default_minutes} minutes` : 'None until the player chooses',
    ],
    ['Self-exclusion periods', months(profile.self_exclusion_months)],
    ['Responsible-gambling information before the first stake', yesNo(profile.rg_info_before_first_stake)],
  ];
}

function served(profile: JurisdictionProfileView): string {
  if (!profile.held) return 'Not served: the licence is not held.';
  const names = profile.served_countries.map((code) => countryName.get(code) ?? code);
  if (profile.countries === 'rest') return `${names.length} countries: every country no other held licence names.`;
  return names.join(', ');
}

/** Solid, dark on green: the console's light-green badge is below 4.5:1 on a card. */
function HeldBadge() {
  return <span className="inline-block whitespace-nowrap rounded-full bg-felt-500 px-2 py-0.5 text-xs font-semibold text-night-950">Held</span>;
}

function ProfileCard({ profile, currency }: { profile: JurisdictionProfileView; currency: string }) {
  return (
    <Card title={`${profile.name} (${profile.id})`} action={profile.held ? <HeldBadge /> : <Badge>Not held</Badge>}>
      <div className="space-y-4" data-testid={`jurisdiction-${profile.id}`}>
        <p className="text-sm text-mist-300">
          <span className="text-mist-100">{profile.regulator}.</span> Countries: {served(profile)}
        </p>
        <dl className="space-y-3 text-sm sm:grid sm:grid-cols-[minmax(0,16rem)_1fr] sm:gap-x-6 sm:gap-y-3 sm:space-y-0">
          {rulesOf(profile, currency).map(([rule, value]) => (
            <div key={rule} className="sm:contents">
              <dt className="font-medium text-mist-100">{rule}</dt>
              <dd className="mt-0.5 break-words text-mist-300 sm:mt-0">{value}</dd>
            </div>
          ))}
        </dl>
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-mist-400">Sources</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-xs text-mist-300">
            {profile.sources.map((source) => (
              <li key={source}>{source}</li>
            ))}
          </ul>
        </div>
      </div>
    </Card>
  );
}

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => adminLoad(request, '/api/admin/jurisdictions');

export function HydrateFallback() {
  return <Loading />;
}

/** /admin/jurisdictions: each licence's rules, read-only. */
export default function AdminJurisdictions({ loaderData: { data, error } }: Route.ComponentProps) {
  return (
    <div className="max-w-4xl space-y-5">
      <AdminHeading title="Jurisdictions" />
      {error !== null ? (
        <Notice tone="error">{error}</Notice>
      ) : (
        <>
          <Notice>
            Players are served under the profile of their country of residence. The licences held are set by the JURISDICTIONS variable ({data.held.join(', ')}
            ); the rules are part of the code and change only with a tested release.
          </Notice>
          {data.profiles.map((profile) => (
            <ProfileCard key={profile.id} profile={profile} currency={data.currency} />
          ))}
        </>
      )}
    </div>
  );
}
