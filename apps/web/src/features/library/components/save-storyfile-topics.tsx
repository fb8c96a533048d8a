import { hasRoleInNamespace, type CurrentUser } from '@conversa/contracts';
import { LibraryBig } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';
import { useSaveStoryfileTopics } from '../api/save-storyfile-topics';
import { useStoryfileOptions } from '@/entities/storyfile';

/**
 * Where /topics confused people: right after a storyfile was built with 7 topics it said the
 * library was empty. A storyfile's script is its own copy; this says so and offers to save a
 * storyfile's topics here (storyfiles with topics that the person may edit).
 */
export function SaveStoryfileTopics({ user }: { user: CurrentUser }) {
  const selectId = useId();
  const choices = useStoryfileOptions();
  const save = useSaveStoryfileTopics();
  const [storyfileId, setStoryfileId] = useState('');
  const options = (choices.data?.items ?? []).filter(
    (storyfile) =>
      storyfile.topicCount > 0 &&
      storyfile.deletedAt === null &&
      hasRoleInNamespace(user, storyfile.namespaceId, 'edit:ns'),
  );
  const chosen = options.find((storyfile) => storyfile.id === storyfileId) ?? options[0];

  function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen) {
      save.mutate(chosen.id);
    }
  }

  return (
    <div className="mx-auto mt-6 max-w-lg space-y-3 border-t border-slate-200 pt-6 text-left">
      <p className="text-sm text-slate-600">
        Built a storyfile already? Its script belongs to that storyfile alone, so its topics are not
        here until you save them to the library, where any storyfile can reuse them.
      </p>
      {choices.isPending ? null : options.length === 0 ? (
        <p className="text-sm text-slate-500">No storyfile of yours has topics to save yet.</p>
      ) : (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={selectId} className="text-xs font-semibold text-slate-600">
              Storyfile
            </label>
            <select
              id={selectId}
              value={chosen?.id ?? ''}
              onChange={(event) => setStoryfileId(event.target.value)}
              className="h-9 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2.5 text-sm shadow-sm"
            >
              {options.map((storyfile) => (
                <option key={storyfile.id} value={storyfile.id}>
                  {storyfile.name} ({formatCount(storyfile.topicCount, 'topic')})
                </option>
              ))}
            </select>
          </div>
          <Button
            type="submit"
            isLoading={save.isPending}
            icon={<LibraryBig className="size-4" aria-hidden="true" />}
          >
            Save its topics to the library
          </Button>
        </form>
      )}
      {save.error ? <Alert kind="error">{save.error.message}</Alert> : null}
      {choices.error ? <Alert kind="error">{choices.error.message}</Alert> : null}
    </div>
  );
}
