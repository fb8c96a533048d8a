import { Spinner } from '@/components/ui/spinner';

export function DetailSkeleton() {
  return (
    <div aria-busy="true" className="space-y-6">
      <span className="sr-only">
        <Spinner label="Loading the storyfile" />
      </span>
      <div className="flex animate-pulse items-center gap-4" aria-hidden="true">
        <div className="size-14 rounded-full bg-slate-200" />
        <div className="space-y-2">
          <div className="h-6 w-64 rounded bg-slate-200" />
          <div className="h-4 w-40 rounded bg-slate-100" />
        </div>
      </div>
      <div className="h-10 animate-pulse rounded bg-slate-100" aria-hidden="true" />
      {Array.from({ length: 3 }, (_, index) => (
        <div
          key={index}
          className="h-32 animate-pulse rounded-xl bg-white ring-1 ring-slate-200"
          aria-hidden="true"
        />
      ))}
    </div>
  );
}
