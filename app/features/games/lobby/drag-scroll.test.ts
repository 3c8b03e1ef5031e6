import { describe, expect, it } from 'vitest';
import { clickBlocked, DRAG_SCROLL, moveDrag, releaseDrag, startDrag } from './drag-scroll.ts';

describe('carousel drag-scroll (SPEC.md §9)', () => {
  it('uses the spec constants', () => {
    expect(DRAG_SCROLL).toEqual({ clickBlockDistancePx: 10, clickBlockMs: 100, speed: 1.5 });
  });

  it('scrolls the row against the pointer at 1.5 times its distance', () => {
    const drag = startDrag(300, 40);
    expect(moveDrag(drag, 260).scrollLeft).toBe(40 + 40 * 1.5);
    expect(moveDrag(drag, 320).scrollLeft).toBe(40 - 20 * 1.5);
    expect(moveDrag(drag, 300).scrollLeft).toBe(40);
  });

  it('becomes a drag only over 10 px, in either direction', () => {
    const drag = startDrag(100, 0);
    expect(moveDrag(drag, 110).drag.dragged).toBe(false);
    expect(moveDrag(drag, 90).drag.dragged).toBe(false);
    expect(moveDrag(drag, 110.5).drag.dragged).toBe(true);
    expect(moveDrag(drag, 89).drag.dragged).toBe(true);
  });

  it('stays a drag when the pointer comes back to where it started', () => {
    const far = moveDrag(startDrag(100, 0), 150).drag;
    const back = moveDrag(far, 101);
    expect(back.drag.dragged).toBe(true);
    expect(back.scrollLeft).toBe(-1.5);
  });

  it('keeps the same drag object while nothing about the gesture changes', () => {
    const drag = startDrag(100, 0);
    expect(moveDrag(drag, 105).drag).toBe(drag);
  });

  it('blocks clicks for 100 ms after releasing a drag', () => {
    const until = releaseDrag(moveDrag(startDrag(0, 0), 11).drag, 5_000);
    expect(until).toBe(5_100);
    expect(clickBlocked(until, 5_000)).toBe(true);
    expect(clickBlocked(until, 5_100)).toBe(true);
    expect(clickBlocked(until, 5_101)).toBe(false);
  });

  it('blocks nothing after a press that did not move over 10 px', () => {
    const until = releaseDrag(moveDrag(startDrag(0, 0), 10).drag, 5_000);
    expect(until).toBe(0);
    expect(clickBlocked(until, 5_000)).toBe(false);
  });
});
