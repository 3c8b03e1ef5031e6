import { useEffect } from 'react';
import { REFERRER_KEY } from '../features/auth/register-wizard.tsx';
import { usePopup } from '../lib/popup-context.tsx';
import type { Route } from './+types/refer-a-friend';
import { pageMeta } from '../lib/meta.ts';
import { failPageValidation } from '../lib/page-validation.ts';

export function loader({ params, url }: Route.LoaderArgs) {
  if (!/^[0-9a-f-]{8,64}$/i.test(params.uuid)) failPageValidation(url);
  return { uuid: params.uuid };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'You have been invited');

/** A friend's invitation: the referrer is remembered for this visit and sent with the registration. */
export default function ReferAFriend({ loaderData }: Route.ComponentProps) {
  const { openPopup } = usePopup();
  useEffect(() => window.sessionStorage.setItem(REFERRER_KEY, loaderData.uuid), [loaderData.uuid]);
  return (
    <div className="text-center">
      <h1 className="font-display text-2xl font-bold">A friend invited you</h1>
      <p className="mt-3 text-mist-300">Create your account and you both receive a bonus after your first deposit.</p>
      <button type="button" className="btn btn-primary mt-6" onClick={() => openPopup('register')}>
        Register
      </button>
    </div>
  );
}
