import { useEffect } from 'react';
import { useToast } from '../../components/ui/toast.tsx';
import { takeFlash } from '../../lib/flash.ts';

/** Shows, once, the notice the previous page left for this one (e.g. "Your account has been activated."). */
export function FlashNotice() {
  const { notify } = useToast();
  useEffect(() => {
    const flash = takeFlash();
    if (flash) notify(flash.text, flash.tone);
  }, [notify]);
  return null;
}
