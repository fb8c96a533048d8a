import { Spinner } from '@/components/ui/spinner';

export function LoadingGrid() {
  return (
    <div aria-busy="true">
      <span className="sr-only">
        <Spinner label="Loading storyfiles" />
      </span>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <li
            key={index}
            className="h-44 animate-pulse rounded-xl border border-slate-200 bg-white p-5"
          >
            <div className="flex gap-3">
              <div className="size-14 rounded-full bg-slate-200" />
              <div className="flex-1 space-y-2 pt-2">
                <div className="h-4 w-2/3 rounded bg-slate-200" />
                <div className="h-3 w-1/3 rounded bg-slate-100" />
              </div>
            </div>
            <div className="mt-5 h-3 w-full rounded bg-slate-100" />
          </li>
        ))}
      </ul>
    </div>
  );
}
