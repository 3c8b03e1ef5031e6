import { Skeleton } from '../../../components/ui/card.tsx';

/** A tile's shape while its game is loading: the same size, so nothing moves when it arrives. */
export function GameTileSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-full flex-col overflow-hidden rounded-card border border-night-700 bg-night-850">
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="space-y-2 px-3 py-2.5">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-3 w-1/2" />
      </div>
    </div>
  );
}
