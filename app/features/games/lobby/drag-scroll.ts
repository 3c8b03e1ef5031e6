// The carousel's drag-scroll of SPEC.md §9, as pure steps the hook in use-drag-scroll.ts drives, so the rules
// can be tested without a browser.

/** SPEC.md §9: a move over 10 px blocks clicks, the block lasts 100 ms after release, speed factor 1.5. */
export const DRAG_SCROLL = { clickBlockDistancePx: 10, clickBlockMs: 100, speed: 1.5 } as const;

/** A mouse drag in progress: where the pointer went down, the row's scroll position then, and whether it moved far enough to be a drag. */
export type Drag = { startX: number; startScrollLeft: number; dragged: boolean };

export function startDrag(pointerX: number, scrollLeft: number): Drag {
  return { startX: pointerX, startScrollLeft: scrollLeft, dragged: false };
}

/**
 * The pointer moved to `pointerX`: the row scrolls the opposite way (content follows the pointer) at the speed
 * factor. Once the pointer has travelled over the threshold the gesture stays a drag, even if it comes back.
 */
export function moveDrag(drag: Drag, pointerX: number): { drag: Drag; scrollLeft: number } {
  const distance = pointerX - drag.startX;
  const dragged = drag.dragged || Math.abs(distance) > DRAG_SCROLL.clickBlockDistancePx;
  return { drag: dragged === drag.dragged ? drag : { ...drag, dragged }, scrollLeft: drag.startScrollLeft - distance * DRAG_SCROLL.speed };
}

/** When the button is released at `now`: until when clicks in the row are blocked (0: a plain click, nothing blocked). */
export function releaseDrag(drag: Drag, now: number): number {
  return drag.dragged ? now + DRAG_SCROLL.clickBlockMs : 0;
}

export function clickBlocked(blockedUntil: number, now: number): boolean {
  return now <= blockedUntil;
}
