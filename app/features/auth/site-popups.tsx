import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Skeleton } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { splitLocale } from '../../lib/route-rules.ts';
import { usePopup, type PopupName } from '../../lib/popup-context.tsx';

const popupTitles: Record<PopupName, string> = {
  login: 'Log in',
  register: 'Create your account',
  'reset-password': 'Reset your password',
  'sms-verification': 'Verify your phone',
  'reset-password-status': 'Password reset',
};

const popupIntros: Record<PopupName, string> = {
  login: 'Welcome back. Log in with the e-mail address and password you registered with.',
  register: 'Three short steps: your login, a little about you, and where you live. You must be 18 or over to play.',
  'reset-password': 'Enter the e-mail address of your account and we will send you a link to choose a new password.',
  'sms-verification': 'Enter the code we sent to your phone to activate your account.',
  'reset-password-status': '',
};

type ContentComponent = typeof import('./auth-popup-content.tsx').default;
// The forms are their own chunk. Once it has loaded, they render directly: a lazy component suspends at least once
// even when its chunk is in memory, and a suspended server-rendered popup keeps inert fields until React gets to it.
let loadedContent: ContentComponent | null = null;
const loadContent = () =>
  import('./auth-popup-content.tsx').then((module) => {
    loadedContent = module.default;
    return module;
  });
const LazyContent = lazy(loadContent);

/** Loads the popup forms before the page hydrates, when the server rendered a popup open (app/entry.client.tsx). */
export const preloadPopupContent = () => loadContent();

/** Paths on which closing a popup returns to the home page (SPEC.md §2). */
const popupPaths = new Set(['/login', '/register', '/reset-password']);

function PopupContent({ name, hint }: { name: PopupName; hint?: string }) {
  // Chosen once per popup: switching from the lazy wrapper to the loaded component on a later render would be a
  // new component type, remounting the form and losing what the player had typed (seen as an e-mail emptied
  // between typing it and pressing "Log in").
  const [AuthPopupContent] = useState(() => loadedContent ?? LazyContent);
  return (
    <div className="space-y-4">
      {popupIntros[name] ? <p className="text-mist-300">{popupIntros[name]}</p> : null}
      <Suspense fallback={<Skeleton className="h-40 w-full" />}>
        <AuthPopupContent name={name} hint={hint} />
      </Suspense>
    </div>
  );
}

/** A popup as a dialog; closing it on a login, register or reset path returns to /. */
export function SitePopup({ name, hint, onClose }: { name: PopupName; hint?: string; onClose?: () => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const { closePopup } = usePopup();
  const close = () => {
    closePopup();
    onClose?.();
    const { prefix, path } = splitLocale(location.pathname);
    if (popupPaths.has(path) || path.startsWith('/account/reset-password/')) navigate(`${prefix}/`);
  };
  return (
    <Dialog title={popupTitles[name]} onClose={close}>
      <PopupContent name={name} hint={hint} />
    </Dialog>
  );
}

/** The popup opened over the current page from a button (header, error screens). */
export function OpenPopup() {
  const { popup } = usePopup();
  return popup ? <SitePopup key={popup.name} name={popup.name} hint={popup.hint} /> : null;
}
