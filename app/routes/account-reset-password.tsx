import type { Route } from './+types/account-reset-password';
import { Dialog } from '../components/dialog.tsx';
import { useNavigate } from 'react-router';

export function loader({ params }: Route.LoaderArgs) {
  return { id: params.id };
}

export const meta: Route.MetaFunction = () => [{ title: 'Choose a new password' }];

/** The reset link's landing page: choose a new password (the accounts work adds the form). */
export default function AccountResetPassword() {
  const navigate = useNavigate();
  return (
    <Dialog title="Choose a new password" onClose={() => navigate('/')}>
      <p className="text-mist-300">Choose a new password of at least 8 characters with a lowercase letter, a digit and a special character.</p>
    </Dialog>
  );
}
