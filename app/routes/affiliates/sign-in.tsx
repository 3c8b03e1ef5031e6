import { useEffect } from 'react';
import { Link, redirect } from 'react-router';
import type { Route } from './+types/sign-in';
import { LogoMark } from '../../components/logo.tsx';
import { affiliateApi, PORTAL_HOME } from '../../features/affiliates/portal-api.ts';
import { Loading, Notice } from '../../features/affiliates/portal-ui.tsx';
import { firstErrors } from '../../lib/api.ts';

export const meta = () => [{ title: 'Partner portal sign-in' }, { name: 'robots', content: 'noindex, nofollow' }];

const NOT_VALID = 'This sign-in link is not valid or has expired.';

/**
 * The affiliate-token sign-in (docs/decisions/0107-affiliates.md): a one-time link an operator issued,
 * /affiliates/sign-in?affiliate_token=…, signs the affiliate in once: the loader spends the token, then opens the
 * dashboard in place of this address, or says why not.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const token = new URL(request.url).searchParams.get('affiliate_token') ?? '';
  if (!token) return { problem: NOT_VALID };
  const result = await affiliateApi('POST', '/api/affiliates/login/link', { token });
  if (result.ok) throw redirect(PORTAL_HOME);
  return { problem: firstErrors(result.errors).token ?? result.message };
}

export function HydrateFallback() {
  return <SignInPage problem={null} />;
}

export default function AffiliateSignInLink({ loaderData: { problem } }: Route.ComponentProps) {
  // The spent (or refused) token leaves the address bar, so it stays out of the history and of any address a later
  // page shares.
  useEffect(() => {
    if (window.location.search) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  return <SignInPage problem={problem} />;
}

function SignInPage({ problem }: { problem: string | null }) {
  return (
    <main data-layout="affiliate-login" className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-night-900 px-4 py-10">
      <LogoMark className="h-9 w-9" />
      <div className="w-full max-w-sm space-y-4 rounded-card border border-night-700 bg-night-850 p-6">
        <h1 className="text-xl font-semibold text-mist-100">Partner portal sign-in</h1>
        {problem ? (
          <>
            <Notice tone="error">{problem}</Notice>
            <Link to="/affiliates/login" className="btn btn-primary w-full">
              Sign in with your password
            </Link>
          </>
        ) : (
          <Loading />
        )}
      </div>
    </main>
  );
}
