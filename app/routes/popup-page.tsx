import type { Route } from './+types/popup-page';
import { pageMeta } from '../lib/meta.ts';
import { SitePopup } from '../features/auth/site-popups.tsx';
import { usePopup } from '../lib/popup-context.tsx';
import { pagePath } from '../lib/page-validation.ts';

const byPath = { '/login': 'login', '/register': 'register', '/reset-password': 'reset-password' } as const;
const titles = { login: 'Log in', register: 'Register', 'reset-password': 'Reset password' } as const;

export function loader({ url }: Route.LoaderArgs) {
  return { popup: byPath[pagePath(url) as keyof typeof byPath] ?? 'login' };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(matches, titles[loaderData?.popup ?? 'login']);

/** /login, /register and /reset-password: their popup over the home page, until another popup replaces it. */
export default function PopupPage({ loaderData }: Route.ComponentProps) {
  const { popup } = usePopup();
  return popup ? null : <SitePopup name={loaderData.popup} />;
}
