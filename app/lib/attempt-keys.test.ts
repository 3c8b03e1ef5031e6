import { describe, expect, it } from 'vitest';
import { createAttemptKeys } from './attempt-keys.ts';

describe('payment attempt keys', () => {
  it('keeps the key when the same request is retried after no definite answer', () => {
    const keys = createAttemptKeys();
    const first = keys.keyFor(['sandbox-card', 5000]);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    keys.answered(0);
    expect(keys.keyFor(['sandbox-card', 5000])).toBe(first);
    keys.answered(503);
    expect(keys.keyFor(['sandbox-card', 5000])).toBe(first);
  });

  it('starts a new attempt after an answer or for a changed request', () => {
    const keys = createAttemptKeys();
    const first = keys.keyFor(['sandbox-card', 5000]);
    const changed = keys.keyFor(['sandbox-card', 6000]);
    expect(changed).not.toBe(first);
    keys.answered(201);
    expect(keys.keyFor(['sandbox-card', 6000])).not.toBe(changed);
  });
});
