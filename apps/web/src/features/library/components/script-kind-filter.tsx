import { cn } from '@/components/ui/cn';

const KINDS = [
  { value: '', label: 'All' },
  { value: 'shipped', label: 'Templates' },
  { value: 'namespace', label: 'My scripts' },
] as const;

export function ScriptKindFilter({
  kind,
  onSelect,
}: {
  kind: string;
  onSelect: (value: string) => void;
}) {
  return (
    <div role="group" aria-label="Show" className="inline-flex rounded-lg bg-slate-100 p-1">
      {KINDS.map((item) => (
        <button
          key={item.value}
          type="button"
          aria-pressed={kind === item.value}
          onClick={() => onSelect(item.value)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium',
            kind === item.value
              ? 'bg-white text-slate-900 shadow-sm'
              : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
