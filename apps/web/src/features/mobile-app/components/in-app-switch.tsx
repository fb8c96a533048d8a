import { cn } from '@/components/ui/cn';

/** An on/off switch (a button with role switch) for one storyfile's "in the app". */
export function InAppSwitch({
  name,
  isOn,
  isPending,
  onChange,
}: {
  name: string;
  isOn: boolean;
  isPending: boolean;
  onChange: (next: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={isOn}
      aria-label={`In the app: ${name}`}
      disabled={isPending}
      onClick={() => onChange(!isOn)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none disabled:cursor-wait',
        isOn ? 'bg-brand-600' : 'bg-slate-400',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-block size-5 rounded-full bg-white shadow transition-transform',
          isOn ? 'translate-x-5' : 'translate-x-0',
        )}
      />
    </button>
  );
}
