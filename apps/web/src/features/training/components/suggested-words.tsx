import {
  hasRoleInNamespace,
  WORD_SUGGESTION_SOURCE_LABELS,
  type CurrentUser,
  type WordSuggestion,
} from '@conversa/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatCount } from '@/lib/format';
import { useWordSuggestions } from '../api/insights';
import { useStoryfileOptions } from '@/entities/storyfile';
import { useCreateCustomWord } from '../api/words';

/**
 * Candidate words from the chosen storyfile's own content (names and rare words of its script and
 * of its videos' captions, words of spoken questions that matched nothing), each with its source; one button adds one to its namespace's words.
 */
export function SuggestedWords({ user, storyfileId }: { user: CurrentUser; storyfileId: string }) {
  const suggestions = useWordSuggestions(storyfileId);
  const storyfile = useStoryfileOptions().data?.items.find((option) => option.id === storyfileId);
  const create = useCreateCustomWord();
  const [added, setAdded] = useState<ReadonlySet<string>>(new Set());
  const canEdit =
    storyfile !== undefined && hasRoleInNamespace(user, storyfile.namespaceId, 'edit:ns');

  if (suggestions.isPending) {
    return <Spinner label="Looking for words" />;
  }
  if (suggestions.isError) {
    return (
      <div className="space-y-2">
        <Alert kind="error">{suggestions.error.message}</Alert>
        <Button size="sm" onClick={() => void suggestions.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const items = suggestions.data.items;
  if (items.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        No names or rare words to suggest: the script&apos;s and the captions&apos; words are
        ordinary ones, or already in the list.
      </p>
    );
  }
  const add = (item: WordSuggestion) => {
    if (!storyfile) {
      return;
    }
    create.mutate(
      { namespaceId: storyfile.namespaceId, term: item.term, displayForm: null, heardAs: [] },
      { onSuccess: () => setAdded((current) => new Set([...current, item.term])) },
    );
  };
  return (
    <div className="space-y-2">
      {create.error ? <Alert kind="error">{create.error.message}</Alert> : null}
      <ul
        className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
        aria-label="Suggested words"
      >
        {items.map((item) => (
          <li
            key={`${item.source}:${item.term}`}
            className="flex flex-wrap items-start justify-between gap-2 p-3 text-sm"
          >
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words text-slate-900">{item.term}</p>
              <p className="break-words text-slate-600">
                {WORD_SUGGESTION_SOURCE_LABELS[item.source]}, {formatCount(item.count, 'time')}: “
                {item.example}”
              </p>
            </div>
            {canEdit ? (
              added.has(item.term) ? (
                <span className="text-sm text-slate-600">Added</span>
              ) : (
                <Button
                  size="sm"
                  onClick={() => add(item)}
                  isLoading={create.isPending && create.variables?.term === item.term}
                  aria-label={`Add ${item.term} to the custom words`}
                >
                  Add
                </Button>
              )
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
