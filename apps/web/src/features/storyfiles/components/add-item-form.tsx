import { Plus } from 'lucide-react';
import { useState, type FormEvent, type Ref } from 'react';
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
}) {
  const [text, setText] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() !== '') {
      onAdd(text.trim(), () => setText(''));
    }
  }
  return (
    <form onSubmit={submit} className={cn('flex items-center gap-2', className)}>
      <input
        ref={inputRef}
        aria-label={label}
        placeholder={placeholder}
        value={text}
        maxLength={maxLength}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setText('');
          }
        }}
        className="h-8 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
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
}
