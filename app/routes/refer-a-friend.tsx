import { Link } from 'react-router';
import type { Route } from './+types/refer-a-friend';
import { failPageValidation } from '../lib/page-validation.ts';

export function loader({ params, url }: Route.LoaderArgs) {
  if (!/^[0-9a-f-]{8,64}$/i.test(params.uuid)) failPageValidation(url);
  return { uuid: params.uuid };
}

export const meta: Route.MetaFunction = () => [{ title: 'You have been invited' }];

/** A friend's invitation; the accounts work records the referrer at registration. */
export default function ReferAFriend() {
  return (
    <div className="text-center">
      <h1 className="font-display text-2xl font-bold">A friend invited you</h1>
      <p className="mt-3 text-mist-300">Create your account and you both receive a bonus after your first deposit.</p>
      <Link to="/register" className="btn btn-primary mt-6">
        Register
      </Link>
    </div>
  );
}
