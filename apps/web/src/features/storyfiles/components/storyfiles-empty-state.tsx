import type { FileVideo } from 'lucide-react';

export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
}: {
  icon: typeof FileVideo;
  title: string;
  text: string;
  action?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      <Icon className="size-10 text-slate-400" aria-hidden="true" />
      <h2 className="mt-3 text-base font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-600">{text}</p>
      {action === undefined ? null : <div className="mt-5">{action}</div>}
    </div>
  );
}
