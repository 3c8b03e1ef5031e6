import { describe, expect, it } from 'vitest';
import { createAfterAnswer } from './after-answer.ts';

describe('work after the answer', () => {
  it('starts only after the current turn, so the caller answers first, and settled() waits for it', async () => {
    const afterAnswer = createAfterAnswer(() => undefined);
    const steps: string[] = [];
    afterAnswer.run(async () => {
      steps.push('work started');
      await new Promise((resolve) => setTimeout(resolve, 5));
      steps.push('work done');
    });
    steps.push('answered');
    await Promise.resolve();
    expect(steps).toEqual(['answered']);
    await afterAnswer.settled();
    expect(steps).toEqual(['answered', 'work started', 'work done']);
  });

  it('waits for work that other work started', async () => {
    const afterAnswer = createAfterAnswer(() => undefined);
    let done = false;
    afterAnswer.run(async () => {
      afterAnswer.run(async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        done = true;
      });
    });
    await afterAnswer.settled();
    expect(done).toBe(true);
  });

  it('hands a failure to onError and goes on with the rest', async () => {
    const failures: unknown[] = [];
    const afterAnswer = createAfterAnswer((error) => failures.push(error));
    let ran = false;
    afterAnswer.run(async () => {
      throw new Error('database away');
    });
    afterAnswer.run(async () => {
      ran = true;
    });
    await afterAnswer.settled();
    expect(failures).toEqual([new Error('database away')]);
    expect(ran).toBe(true);
  });
});
