import type { Route } from './+types/popup-page';
import { SitePopup } from '../features/popups/site-popups.tsx';
import type { PopupName } from '../features/popups/popup-context.tsx';
import { pagePath } from '../lib/page-validation.ts';

const byPath: Record<string, PopupName> = { '/login': 'login', '/register': 'register', '/reset-password': 'reset-password' };

export function loader({ url }: Route.LoaderArgs) {
  return { popup: byPath[pagePath(url)] ?? 'login' };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: { login: 'Log in', register: 'Register', 'reset-password': 'Reset password', 'sms-verification': 'Verify' }[loaderData?.popup ?? 'login'] },
];

/** /login, /register and /reset-password: their popup over the home page. */
export default function PopupPage({ loaderData }: Route.ComponentProps) {
  return <SitePopup name={loaderData.popup} />;
}
