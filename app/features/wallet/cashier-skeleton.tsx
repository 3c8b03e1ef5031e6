import { Skeleton } from '../../components/ui/card.tsx';

/** The cashier form's shape while its methods load. */
export function CashierSkeleton({ label }: { label: string }) {
  return (
    <div className="space-y-6" aria-busy="true">
      <p className="sr-only">{label}</p>
      <div className="grid grid-cols-2 gap-3">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
      <Skeleton className="h-12" />
      <div className="grid grid-cols-4 gap-2">
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
      </div>
      <Skeleton className="h-12" />
    </div>
  );
}
