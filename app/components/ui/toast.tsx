import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

type Toast = { id: number; text: string; tone: 'info' | 'success' | 'error' };
type ToastControls = { notify: (text: string, tone?: Toast['tone']) => void };

const ToastContext = createContext<ToastControls | null>(null);
const SlotContext = createContext<((slot: HTMLElement | null) => void) | null>(null);
const TOAST_MS = 5000;

/**
 * Short notices in a polite live region; errors are announced assertively. They float below the site header, or,
 * on a screen that mounts a `ToastSlot` (a game's play screen), sit in that slot in the page's flow, so they never
 * cover what the player is looking at (the dealer's cards, issue 34 §6).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const notify = useCallback(
    (text: string, tone: Toast['tone'] = 'info') => {
      const id = Date.now() + Math.random();
      setToasts((list) => [...list.slice(-2), { id, text, tone }]);
      window.setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  const controls = useMemo(() => ({ notify }), [notify]);
  const list = toasts.map((toast) => (
    <div
      key={toast.id}
      role={toast.tone === 'error' ? 'alert' : 'status'}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-card border bg-night-850 p-4 shadow-glow ${toast.tone === 'error' ? 'border-ruby-500' : toast.tone === 'success' ? 'border-felt-500' : 'border-night-600'}`}
    >
      <p className="flex-1 text-sm text-mist-100">{toast.text}</p>
      <button type="button" aria-label="Dismiss" className="text-mist-400 hover:text-mist-100" onClick={() => dismiss(toast.id)}>
        ✕
      </button>
    </div>
  ));
  return (
    <ToastContext value={controls}>
      <SlotContext value={setSlot}>
        {children}
        {slot ? (
          createPortal(list, slot)
        ) : (
          <div className="pointer-events-none fixed inset-x-0 top-20 z-50 flex flex-col items-center gap-2 px-4" aria-live="polite">
            {list}
          </div>
        )}
      </SlotContext>
    </ToastContext>
  );
}

/** Where this screen's notices appear instead of floating over it: in the page's flow, taking room only while shown. */
export function ToastSlot({ className = '' }: { className?: string }) {
  const register = useContext(SlotContext);
  const ref = useCallback((node: HTMLDivElement | null) => register?.(node), [register]);
  return <div ref={ref} aria-live="polite" data-toast-slot className={`flex flex-col items-center gap-2 empty:hidden ${className}`} />;
}

export function useToast(): ToastControls {
  const controls = useContext(ToastContext);
  if (!controls) throw new Error('useToast needs a ToastProvider above it');
  return controls;
}
