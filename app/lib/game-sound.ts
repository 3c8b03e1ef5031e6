// Short game sounds (issue 34 §6, docs/decisions/0122): synthesized with the Web Audio API at the moment they play,
// so there are no sound files and nothing anyone else owns. Off until the player turns sound on; the choice is
// remembered in this browser (localStorage `game-sound`: `on` or `off`).

export type GameSound = 'spin' | 'win' | 'cashout';
export const SOUND_KEY = 'game-sound';
/** Sent on `window` when the choice changes, so every toggle on the page agrees. */
export const SOUND_EVENT = 'game-sound';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Whether sound is on: only when the player turned it on (muted by default). */
export function soundOn(storage: Storage | null = browserStorage()): boolean {
  try {
    return storage?.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

export function setSoundOn(on: boolean, storage: Storage | null = browserStorage()): void {
  try {
    storage?.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // Storage disabled: the choice holds for this page.
  }
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent<boolean>(SOUND_EVENT, { detail: on }));
}

/** A note: frequency (Hz), start and length (s), shape and peak volume (0–1). */
export type Note = { frequency: number; at: number; length: number; wave: OscillatorType; volume: number };

/**
 * The notes of each sound, all under a second and quiet: a soft tick for a spin or a bet, a rising major arpeggio
 * for a win, two bright notes for a cash-out.
 */
export const SOUND_NOTES: Record<GameSound, readonly Note[]> = {
  spin: [{ frequency: 660, at: 0, length: 0.06, wave: 'triangle', volume: 0.12 }],
  win: [
    { frequency: 523.25, at: 0, length: 0.12, wave: 'triangle', volume: 0.16 },
    { frequency: 659.25, at: 0.1, length: 0.12, wave: 'triangle', volume: 0.16 },
    { frequency: 783.99, at: 0.2, length: 0.22, wave: 'triangle', volume: 0.18 },
  ],
  cashout: [
    { frequency: 880, at: 0, length: 0.08, wave: 'sine', volume: 0.16 },
    { frequency: 1318.5, at: 0.08, length: 0.16, wave: 'sine', volume: 0.16 },
  ],
};

let context: AudioContext | null = null;

/** Plays `sound` if the player turned sound on and the browser can; never throws. */
export function playSound(sound: GameSound): void {
  if (typeof window === 'undefined' || !soundOn()) return;
  try {
    const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    context ??= new Context();
    if (context.state === 'suspended') void context.resume();
    const start = context.currentTime;
    for (const note of SOUND_NOTES[sound]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = note.wave;
      oscillator.frequency.value = note.frequency;
      // A short attack and an exponential fade: no clicks.
      gain.gain.setValueAtTime(0.0001, start + note.at);
      gain.gain.exponentialRampToValueAtTime(note.volume, start + note.at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + note.length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + note.at);
      oscillator.stop(start + note.at + note.length + 0.02);
    }
  } catch {
    // No audio here (a locked-down browser): the game plays on in silence.
  }
}
