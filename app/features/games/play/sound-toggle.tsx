import { useEffect, useState } from 'react';
import { SOUND_EVENT, setSoundOn, soundOn } from '../../../lib/game-sound.ts';

/** The play screen's sound switch: off by default, remembered in this browser (docs/decisions/0122). */
export function SoundToggle() {
  // Off on the server and until hydration: the stored choice is the browser's.
  const [on, setOn] = useState(false);
  useEffect(() => {
    setOn(soundOn());
    const changed = (event: Event) => setOn((event as CustomEvent<boolean>).detail);
    window.addEventListener(SOUND_EVENT, changed);
    return () => window.removeEventListener(SOUND_EVENT, changed);
  }, []);
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={() => setSoundOn(!on)}
      className="inline-flex h-9 items-center gap-1.5 rounded-lg border border-night-600 px-2.5 text-sm text-mist-100 hover:border-gold-400"
      data-testid="sound-toggle"
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="h-4 w-4"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M4 9h4l5-4v14l-5-4H4z" />
        {on ? <path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11" /> : <path d="M17 9l5 6M22 9l-5 6" />}
      </svg>
      <span className="max-sm:sr-only">Sound</span>
    </button>
  );
}
