import { LayoutGrid, List } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import type { ListView } from '@/lib/recent-activity';

export function ViewToggle({
  view,
  onChange,
}: {
  view: ListView;
  onChange: (view: ListView) => void;
}) {
  const views = [
    { value: 'grid', label: 'Grid view', icon: LayoutGrid },
    { value: 'list', label: 'List view', icon: List },
  ] as const;
  return (
    <div
      role="group"
      aria-label="View"
      className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm"
    >
      {views.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          aria-label={label}
          title={label}
          onClick={() => onChange(value)}
          className={cn(
            'rounded-md p-1.5 text-slate-600 hover:bg-slate-100',
            view === value && 'bg-brand-50 text-brand-700 hover:bg-brand-50',
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}
