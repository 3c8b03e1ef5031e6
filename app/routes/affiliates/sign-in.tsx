import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LogoMark } from '../../components/logo.tsx';
import { affiliateApi, PORTAL_HOME } from '../../features/affiliates/portal-api.ts';
import { Loading, Notice } from '../../features/affiliates/portal-ui.tsx';
import { firstErrors } from '../../lib/api.ts';

export const meta = () => [{ title: 'Partner portal sign-in' }, { name: 'robots', content: 'noindex, nofollow' }];

/**
 * The affiliate-token sign-in (docs/decisions/0107-affiliates.md): a one-time link an operator issued,
 * /affiliates/sign-in?affiliate_token=…, signs the affiliate in once. The token leaves the address bar at once so it
 * stays out of the history and of any address a later page shares.
 */
export default function AffiliateSignInLink() {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.search).get('affiliate_token') ?? '';
    window.history.replaceState(null, '', window.location.pathname);
    if (!token) {
      setProblem('This sign-in link is not valid or has expired.');
      return;
    }
    void affiliateApi('POST', '/api/affiliates/login/link', { token }).then((result) => {
      if (result.ok) navigate(PORTAL_HOME, { replace: true });
      else setProblem(firstErrors(result.errors).token ?? result.message);
    });
  }, [navigate]);

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
