import { useEffect } from 'react';
import { useToast } from '../../components/ui/toast.tsx';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { callApi } from '../../lib/api.ts';
import { markLoggedIn } from '../../lib/session-flags.ts';

/**
 * Magic-link sign-in (SPEC.md §2): a link carrying `magic-token` and `redirect` signs the player in and
 * takes them to the redirect when it is a known route (the first item of an array), else to /.
 */
export function MagicLinkSignIn() {
  const { notify } = useToast();
  useEffect(() => {
    const url = new URL(window.location.href);
    const token = url.searchParams.get('magic-token');
    if (!token) return;
    const redirect = url.searchParams.getAll('redirect');
    void callApi('POST', '/api/magic-link/consume', { token }).then((result) => {
      if (result.ok) {
        markLoggedIn();
        window.location.replace(safeRedirect(redirect));
        return;
      }
      url.searchParams.delete('magic-token');
      url.searchParams.delete('redirect');
      window.history.replaceState(window.history.state, '', url);
      notify(result.message, 'error');
    });
  }, [notify]);
  return null;
}
