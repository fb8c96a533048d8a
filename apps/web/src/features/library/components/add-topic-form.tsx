import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';

/** Adds an empty, named topic at the end of the script; the name stays until the save succeeds. */
export function AddTopicForm({
  isLocked,
  onAddTopic,
}: {
  isLocked: boolean;
  onAddTopic: (name: string) => Promise<boolean>;
}) {
  const [newTopic, setNewTopic] = useState('');

  function submitTopic(event: FormEvent) {
    event.preventDefault();
    const name = newTopic.trim();
    if (name === '') {
      return;
    }
    void onAddTopic(name).then((isSaved) => {
      if (isSaved) {
        setNewTopic('');
      }
    });
  }

  return (
    <form onSubmit={submitTopic} className="mt-4 flex gap-2">
      <input
        aria-label="New topic name"
        placeholder="New topic name"
        value={newTopic}
        maxLength={120}
        onChange={(event) => setNewTopic(event.target.value)}
        className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm"
      />
      <Button
        size="sm"
        type="submit"
        disabled={isLocked || newTopic.trim() === ''}
        icon={<Plus className="size-4" aria-hidden="true" />}
      >
        Add topic
      </Button>
    </form>
  );
}
