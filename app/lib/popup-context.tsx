import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

export type PopupName = 'login' | 'register' | 'reset-password' | 'sms-verification' | 'reset-password-status';

type PopupState = { name: PopupName; hint?: string } | null;

type PopupControls = {
  popup: PopupState;
  openPopup: (name: PopupName, hint?: string) => void;
  closePopup: () => void;
};

const PopupContext = createContext<PopupControls | null>(null);

/** Which popup is open over the current page; routes like /login open theirs on their own. */
export function PopupProvider({ children }: { children: ReactNode }) {
  const [popup, setPopup] = useState<PopupState>(null);
  const controls = useMemo<PopupControls>(() => ({ popup, openPopup: (name, hint) => setPopup({ name, hint }), closePopup: () => setPopup(null) }), [popup]);
  return <PopupContext value={controls}>{children}</PopupContext>;
}

export function usePopup(): PopupControls {
  const controls = useContext(PopupContext);
  if (!controls) throw new Error('usePopup needs a PopupProvider above it');
  return controls;
}
