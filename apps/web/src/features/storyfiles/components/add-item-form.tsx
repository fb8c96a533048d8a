import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent, type Ref } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

/** A one-line form that adds an item and clears itself once the add succeeded. */
export function AddItemForm({
  label,
  placeholder,
  buttonText,
  onAdd,
  isPending,
  className,
  maxLength,
  inputRef,
  validate,
}: {
  label: string;
  placeholder: string;
  buttonText: string;
  onAdd: (text: string, done: () => void) => void;
  isPending: boolean;
  className?: string;
  maxLength?: number;
  /** For a skip link that jumps here past a long list. */
  inputRef?: Ref<HTMLInputElement>;
  /** A sentence saying why the text cannot be added, shown under the field; none when it can. */
  validate?: (text: string) => string | null;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') {
      return;
    }
    const problem = validate?.(text.trim()) ?? null;
    setError(problem);
    if (problem === null) {
      onAdd(text.trim(), () => setText(''));
    }
  }
  const form = (
    <form onSubmit={submit} className={cn('flex items-center gap-2', className)}>
      <input
        ref={inputRef}
        aria-label={label}
        placeholder={placeholder}
        value={text}
        maxLength={maxLength}
        aria-invalid={error === null ? undefined : true}
        aria-describedby={error === null ? undefined : errorId}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setText('');
            setError(null);
          }
        }}
        className="h-8 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-[invalid=true]:border-red-500"
      />
      <Button
        type="submit"
        size="sm"
        isLoading={isPending}
        disabled={text.trim() === ''}
        icon={<Plus className="size-4" aria-hidden="true" />}
      >
        {buttonText}
      </Button>
    </form>
  );
  if (validate === undefined) {
    return form;
  }
  return (
    <div className="space-y-1">
      {form}
      {error === null ? null : (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
