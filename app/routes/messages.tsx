import type { Route } from './+types/messages';
import { PageHeading } from '../components/site-frame.tsx';
import { Inbox } from '../features/messages/inbox.tsx';
import { signedInPlayerId } from '../lib/player-gate.ts';
import { servicesContext, siteStateContext } from '../lib/context.ts';
import { pageMeta } from '../lib/meta.ts';

const LEAD = 'Messages from our team about your account.';

export async function loader({ context }: Route.LoaderArgs) {
  const playerId = signedInPlayerId(context.get(siteStateContext).viewer);
  return context.get(servicesContext).inbox(playerId);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Messages', LEAD);

/** /messages: the player's inbox of operator messages; new ones arrive live. */
export default function Messages({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading title="Messages" lead={LEAD} />
      <Inbox loaded={loaderData.data} unread={loaderData.unread} />
    </>
  );
}
