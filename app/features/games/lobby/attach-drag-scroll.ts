import { clickBlocked, moveDrag, releaseDrag, startDrag, type Drag } from './drag-scroll.ts';

/**
 * Lets a mouse drag the row sideways (SPEC.md §9) and returns what detaches it again. Touch and pen are left alone:
 * the browser already scrolls the row natively for them, with momentum. While the button is down, the row carries
 * `data-dragging` so its styles can switch scroll snapping off (snapping would fight every step of a drag).
 */
export function attachDragScroll(row: HTMLElement): () => void {
  let drag: Drag | null = null;
  let blockedUntil = 0;

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || event.button !== 0) return;
    drag = startDrag(event.clientX, row.scrollLeft);
    row.dataset.dragging = '';
  };
  const onPointerCancel = () => {
    drag = null;
    delete row.dataset.dragging;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!drag) return;
    // Released outside the row before the drag began (so before the capture): that press is over.
    if ((event.buttons & 1) === 0) return onPointerCancel();
    const moved = moveDrag(drag, event.clientX);
    if (moved.drag.dragged && !drag.dragged) {
      // Keep the drag when the pointer leaves the row, as a scrollbar thumb does.
      row.setPointerCapture(event.pointerId);
    }
    drag = moved.drag;
    row.scrollLeft = moved.scrollLeft;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (!drag) return;
    blockedUntil = releaseDrag(drag, event.timeStamp);
    drag = null;
    delete row.dataset.dragging;
  };
  // Capture phase: the click released by a drag must not reach the tile's link (or its router handler).
  const onClick = (event: MouseEvent) => {
    if (!clickBlocked(blockedUntil, event.timeStamp)) return;
    event.preventDefault();
    event.stopPropagation();
  };
  // Links and images are natively draggable; that would start a drag-and-drop instead of scrolling.
  const onDragStart = (event: DragEvent) => event.preventDefault();

  row.addEventListener('pointerdown', onPointerDown);
  row.addEventListener('pointermove', onPointerMove);
  row.addEventListener('pointerup', onPointerUp);
  row.addEventListener('pointercancel', onPointerCancel);
  row.addEventListener('click', onClick, true);
  row.addEventListener('dragstart', onDragStart);
  return () => {
    row.removeEventListener('pointerdown', onPointerDown);
    row.removeEventListener('pointermove', onPointerMove);
    row.removeEventListener('pointerup', onPointerUp);
    row.removeEventListener('pointercancel', onPointerCancel);
    row.removeEventListener('click', onClick, true);
    row.removeEventListener('dragstart', onDragStart);
  };
}
