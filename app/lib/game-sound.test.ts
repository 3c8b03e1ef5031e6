import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SOUND_KEY, SOUND_NOTES, setSoundOn, soundOn } from './game-sound.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value) };
}

describe('game sound (issue 34 §6)', () => {
  it('is off until the player turns it on, and the choice is remembered', () => {
    const storage = memoryStorage();
    expect(soundOn(storage)).toBe(false);
    setSoundOn(true, storage);
    expect(storage.getItem(SOUND_KEY)).toBe('on');
    expect(soundOn(storage)).toBe(true);
    setSoundOn(false, storage);
    expect(soundOn(storage)).toBe(false);
    expect(soundOn(memoryStorage({ [SOUND_KEY]: 'loud' }))).toBe(false);
    expect(soundOn(null)).toBe(false);
  });

  it('any sequence of switches leaves the last one', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 20 }), (switches) => {
        const storage = memoryStorage();
        for (const on of switches) setSoundOn(on, storage);
        expect(soundOn(storage)).toBe(switches.at(-1));
      }),
      { seed: 34 },
    );
  });

  it('every sound is short and quiet: under a second, volume at most 0.2', () => {
    for (const notes of Object.values(SOUND_NOTES)) {
      expect(notes.length).toBeGreaterThan(0);
      for (const note of notes) {
        expect(note.at + note.length).toBeLessThan(1);
        expect(note.volume).toBeLessThanOrEqual(0.2);
        expect(note.frequency).toBeGreaterThan(100);
      }
    }
  });
});
