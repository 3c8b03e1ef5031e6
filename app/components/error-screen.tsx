import { RESEND_DONE_MESSAGE } from '../../contract/accounts.rules.ts';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, Link, useNavigate } from 'react-router';
import { usePopup } from '../lib/popup-context.tsx';
import { analytics } from '../lib/analytics.ts';
import { KYC_MESSAGE } from '../../contract/wallet.rules.ts';
import { GENERIC_ERROR_MESSAGE } from '../lib/messages.ts';
import { useSiteState } from '../lib/use-site-state.ts';
import { LogoMark } from './logo.tsx';

/** What loaders and the API throw: `{message, type?}` (DESIGN.md). */
type ErrorPayload = { message?: string; type?: string };

function describe(error: unknown): { status: number; payload: ErrorPayload } {
  if (isRouteErrorResponse(error)) {
    const payload = typeof error.data === 'object' && error.data !== null ? (error.data as ErrorPayload) : { message: String(error.data ?? '') };
    return { status: error.status, payload };
  }
  return { status: 500, payload: {} };
}

function Frame({ status, title, children }: { status: number; title: string; children: React.ReactNode }) {
  return (
    <main data-error-status={status} className="flex min-h-dvh items-center justify-center bg-night-950 px-4 py-12">
      <div className="w-full max-w-lg rounded-card border border-night-600 bg-night-850 p-8 text-center shadow-glow">
        <LogoMark className="mx-auto h-12 w-12" />
        <p className="mt-4 font-display text-5xl font-bold text-gold-400">{status}</p>
        <h1 className="mt-2 text-xl font-semibold text-mist-100">{title}</h1>
        <div className="mt-4 space-y-4 text-mist-300">{children}</div>
      </div>
    </main>
  );
}

/**
 * Back to the previous page of this site: within the app (the router's history index), or the page of
 * ours this document was opened from. Anything else (a fresh tab, another site) goes to the default target.
 */
function goBack(navigate: ReturnType<typeof useNavigate>, fallback: string) {
  const inAppIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (inAppIndex > 0) return navigate(-1);
  const fromOurSite = document.referrer !== '' && new URL(document.referrer).origin === window.location.origin;
  if (fromOurSite && window.history.length > 1) return window.history.back();
  return navigate(fallback);
}

function BackButton({ fallback = '/' }: { fallback?: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" className="btn btn-ghost" onClick={() => void goBack(navigate, fallback)}>
      Go back
    </button>
  );
}

function BadRequest({ payload }: { payload: ErrorPayload }) {
  const message = payload.message || (payload.type === 'kyc' ? KYC_MESSAGE : GENERIC_ERROR_MESSAGE);
  return (
    <Frame status={400} title="We could not do that">
      <p>{message}</p>
      {payload.type === 'kyc' ? (
        <Link to="/account/verification" className="btn btn-primary">
          Go to verification
        </Link>
      ) : null}
      {payload.type === 'bonus' ? (
        <p>
          <Link to="/account/bonuses" className="text-gold-300 underline">
            Back to the Bonuses page
          </Link>
        </p>
      ) : null}
    </Frame>
  );
}

function ActivationPrompt() {
  const state = useSiteState();
  const { openPopup } = usePopup();
  const [resent, setResent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const smsMode = state?.settings.registration_activation_type === 'sms';

  async function resend() {
    setProblem(null);
    const response = await fetch('/api/resend-activation', { method: 'POST', headers: { Accept: 'application/json' }, credentials: 'same-origin' }).catch(
      () => null,
    );
    if (response?.ok) return setResent(true);
    const body = (await response?.json().catch(() => null)) as ErrorPayload | null;
    setProblem(body?.message ?? GENERIC_ERROR_MESSAGE);
  }

  return (
    <Frame status={403} title="Activate your account">
      <p>
        {smsMode
          ? 'We sent you a text message with an activation code. Enter it to activate your account.'
          : 'We sent you an e-mail with an activation link. Please check your e-mail and follow the link to activate your account.'}
      </p>
      {resent ? (
        <p role="status" className="font-semibold text-gold-300">
          {RESEND_DONE_MESSAGE}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="text-ruby-500">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-center gap-3">
        {smsMode ? (
          <button type="button" className="btn btn-primary" onClick={() => openPopup('sms-verification')}>
            Activate
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => void resend()}>
            Resend email
          </button>
        )}
        <BackButton />
      </div>
    </Frame>
  );
}

function NotFound({ payload }: { payload: ErrorPayload }) {
  // Braces matter: newer Chromium returns a Promise from scrollTo, and an effect must return a cleanup function or nothing.
  useEffect(() => {
    window.scrollTo(0, 0);
    analytics().track({ event: 'broken_link', path: window.location.pathname });
  }, []);
  return (
    <Frame status={404} title="This page cannot be found">
      <p>{payload.message || 'The page you are looking for does not exist or has moved.'}</p>
      <BackButton />
    </Frame>
  );
}

function Blocked() {
  return (
    <Frame status={423} title="Your account is currently blocked">
      <p>Your account is currently blocked. Please contact our support team to find out more and to restore access.</p>
    </Frame>
  );
}

/** The error screen chosen by status (SPEC.md §2 "Error screens"). */
export function ErrorScreen({ error }: { error: unknown }) {
  const { status, payload } = describe(error);
  const viewer = useSiteState()?.viewer;
  if (status === 400) return <BadRequest payload={payload} />;
  if (status === 403 && (payload.type === 'inactive' || (viewer && !viewer.active))) return <ActivationPrompt />;
  if (status === 404) return <NotFound payload={payload} />;
  if (status === 423 && (payload.type === 'blocked' || viewer?.blocked)) return <Blocked />;
  return (
    <Frame status={status} title="Something went wrong">
      <p>{GENERIC_ERROR_MESSAGE}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </Frame>
  );
}
