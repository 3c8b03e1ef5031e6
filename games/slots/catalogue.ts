// The slot titles on offer, all on the one engine.

import { clockworkComet } from './titles/clockwork-comet.ts';
import { lanternOrchard } from './titles/lantern-orchard.ts';
import { tideboundHoard } from './titles/tidebound-hoard.ts';
import type { SlotTitle } from './title.ts';

export const SLOT_TITLES: readonly SlotTitle[] = [lanternOrchard, clockworkComet, tideboundHoard];

export function slotTitle(slug: string): SlotTitle | undefined {
  return SLOT_TITLES.find((title) => title.slug === slug);
}
