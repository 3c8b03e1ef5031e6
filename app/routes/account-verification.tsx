import type { Route } from './+types/account-verification';
import { PageHeading } from '../components/site-frame.tsx';
import { VerificationPage } from '../features/verification/verification-page.tsx';
import { pageMeta } from '../lib/meta.ts';

const TITLE = 'Verification';
const LEAD = 'Verify your identity and address once to unlock withdrawals.';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, TITLE, LEAD);

/** /account/verification (SPEC.md: account layout, signed-in players). */
export default function AccountVerification() {
  return (
    <>
      <PageHeading title={TITLE} lead={LEAD} />
      <VerificationPage />
    </>
  );
}
