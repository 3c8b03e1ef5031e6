import { Button } from '../../components/ui/button.tsx';
import { type PopupName, usePopup } from '../../lib/popup-context.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterWizard } from './register-wizard.tsx';
import { ResetRequestForm } from './reset-request-form.tsx';
import { SmsVerificationForm } from './sms-verification-form.tsx';

/** The body of each account popup; loaded on demand so pages that never open one don't ship it. */
export default function AuthPopupContent({ name, hint }: { name: PopupName; hint?: string }) {
  if (name === 'login') return <LoginForm redirectTo={hint} />;
  if (name === 'register') return <RegisterWizard />;
  if (name === 'reset-password') return <ResetRequestForm />;
  if (name === 'sms-verification') return <SmsVerificationForm hint={hint} />;
  return <ResetStatus message={hint} />;
}

/** After a reset (issue 34 §6): the result, and the next step at hand when it worked. */
function ResetStatus({ message }: { message?: string }) {
  const { openPopup } = usePopup();
  const worked = message?.startsWith('Your password has been reset') ?? false;
  return (
    <div className="space-y-4">
      <p role="status" className={worked ? 'text-felt-500' : 'text-mist-100'}>
        {message}
      </p>
      <Button className="w-full" onClick={() => openPopup(worked ? 'login' : 'reset-password')}>
        {worked ? 'Log in' : 'Ask for a new link'}
      </Button>
    </div>
  );
}
