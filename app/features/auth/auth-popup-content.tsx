import type { PopupName } from '../../lib/popup-context.tsx';
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
  return (
    <p role="status" className="text-mist-100">
      {hint}
    </p>
  );
}
