import {
  canSeeNamespace,
  findRoute,
  hasRoleInNamespace,
  roleRequiredMessage,
  type CurrentUser,
  type CustomWord,
} from '@conversa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ListSearchBox } from '@/components/list/list-search-box';
import { PagingBar } from '@/components/list/paging-bar';
import { useListQuery, usePageSize } from '@/components/list/use-list-query';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber } from '@/lib/format';
import type { SearchOption } from '@/lib/search-box';
import { useCreateCustomWord, useCustomWords, useDeleteCustomWord } from '../api/words';
import { parsePhrases } from '../utils/phrases';
import { StoryfilePicker } from './storyfile-picker';
import { SuggestedWords } from './suggested-words';
import { TestBench } from './test-bench';

const PATH = '/training/custom_words';
const SEARCH_OPTIONS: SearchOption[] = [
  { value: 'term', label: 'Term', isActive: true, isDisabled: false },
  { value: 'heardAs', label: 'Heard as', isActive: true, isDisabled: false },
];
const CONTROL_CLASS =
  'h-9 w-full rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-800 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function WordForm({ namespaceId }: { namespaceId: string }) {
  const ids = { term: useId(), display: useId(), heard: useId() };
  const [term, setTerm] = useState('');
  const [displayForm, setDisplayForm] = useState('');
  const [heardAs, setHeardAs] = useState('');
  const create = useCreateCustomWord();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { namespaceId, term, displayForm: displayForm || null, heardAs: parsePhrases(heardAs) },
      {
        onSuccess: () => {
          setTerm('');
          setDisplayForm('');
          setHeardAs('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.term} className="text-sm font-semibold text-slate-700">
          Term
        </label>
        <input
          id={ids.term}
          className={CONTROL_CLASS}
          value={term}
          required
          maxLength={100}
          onChange={(event) => setTerm(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.display} className="text-sm font-semibold text-slate-700">
          Display form (optional)
        </label>
        <input
          id={ids.display}
          className={CONTROL_CLASS}
          value={displayForm}
          maxLength={100}
          onChange={(event) => setDisplayForm(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.heard} className="text-sm font-semibold text-slate-700">
          Heard as (comma-separated)
        </label>
        <input
          id={ids.heard}
          className={CONTROL_CLASS}
          value={heardAs}
          onChange={(event) => setHeardAs(event.target.value)}
        />
      </div>
      {create.error ? (
        <div className="sm:col-span-3">
          <Alert kind="error">{create.error.message}</Alert>
        </div>
      ) : null}
      <div className="sm:col-span-3">
        <Button type="submit" variant="primary" isLoading={create.isPending}>
          Add word
        </Button>
      </div>
    </form>
  );
}

/**
 * /training/custom_words: names, places and jargon the recognizer mishears, with "heard as"
 * rules applied to spoken questions before matching, and the test bench.
 */
export function CustomWordsScreen({ user }: { user: CurrentUser }) {
  const namespaces = user.namespaces.filter(
    (namespace) => namespace.label !== '' && canSeeNamespace(user, namespace.id),
  );
  const [params, setParams] = useSearchParams();
  const namespaceId =
    namespaces.find((namespace) => namespace.id === params.get('namespaceId'))?.id ??
    namespaces[0]?.id;
  const requestedStoryfile = params.get('storyfileId');
  const storyfileId =
    requestedStoryfile && UUID.test(requestedStoryfile) ? requestedStoryfile : undefined;
  const [listQuery, updateListQuery] = useListQuery();
  const [pageSize, setPageSize] = usePageSize();
  const words = useCustomWords(
    {
      namespaceId: namespaceId ?? '',
      page: listQuery.page,
      pageSize,
      ...(listQuery.search === '' ? {} : { search: listQuery.search }),
      ...(listQuery.searchOptions.length === 0
        ? {}
        : { searchOptions: listQuery.searchOptions.join(',') }),
    },
    { enabled: namespaceId !== undefined },
  );
  const remove = useDeleteCustomWord();
  const [deleting, setDeleting] = useState<CustomWord | null>(null);
  const namespaceFieldId = useId();
  const canEdit = namespaceId !== undefined && hasRoleInNamespace(user, namespaceId, 'edit:ns');
  const page = words.data;
  const setParam = (key: string, value: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) {
        next.set(key, value);
      } else {
        next.delete(key);
      }
      return next;
    });

  return (
    <div className="space-y-6">
      <PageHeader
        title={findRoute(PATH)?.label ?? 'Custom Words'}
        description='Names, places and jargon the speech recognizer mishears. Each "heard as" form is replaced by the word in spoken questions before they are matched ("mill walkie" → "Milwaukee").'
      />
      {namespaces.length > 1 ? (
        <div className="flex flex-col gap-1 sm:w-80">
          <label htmlFor={namespaceFieldId} className="text-sm font-semibold text-slate-700">
            Namespace
          </label>
          <select
            id={namespaceFieldId}
            className={CONTROL_CLASS}
            value={namespaceId ?? ''}
            onChange={(event) => setParam('namespaceId', event.target.value)}
          >
            {namespaces.map((namespace) => (
              <option key={namespace.id} value={namespace.id}>
                {namespace.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {namespaceId === undefined ? (
        <Alert kind="warning">You are not a member of any namespace yet.</Alert>
      ) : (
        <>
          {canEdit ? (
            <section
              aria-labelledby="new-word-heading"
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <h2 id="new-word-heading" className="mb-3 font-semibold text-slate-900">
                New word
              </h2>
              <WordForm namespaceId={namespaceId} />
            </section>
          ) : (
            <p className="text-sm text-slate-600">
              {roleRequiredMessage('edit:ns')} to change words.
            </p>
          )}
          <ListSearchBox options={SEARCH_OPTIONS} label="Search words" />
          <p className="text-sm text-slate-600" aria-live="polite">
            {page === undefined
              ? null
              : `${formatNumber(page.total)} ${page.total === 1 ? 'word' : 'words'}`}
          </p>
          {words.isPending ? (
            <Spinner label="Loading words" />
          ) : words.error ? (
            <Alert kind="error">{words.error.message}</Alert>
          ) : page === undefined || page.items.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
              {listQuery.search === ''
                ? 'No words yet. Add the names and places your storyfiles talk about.'
                : 'No word matches this search.'}
            </p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
              {page.items.map((word) => (
                <li
                  key={word.id}
                  className="flex flex-wrap items-start justify-between gap-2 p-3 text-sm"
                >
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold break-words text-slate-900">
                      {word.displayForm ?? word.term}
                      {word.displayForm ? (
                        <span className="ml-2 font-normal text-slate-500">({word.term})</span>
                      ) : null}
                    </p>
                    <p className="break-words text-slate-600">
                      {word.heardAs.length === 0
                        ? 'No "heard as" forms'
                        : `Heard as: ${word.heardAs.join(', ')}`}
                    </p>
                  </div>
                  {canEdit ? (
                    <Button
                      size="sm"
                      onClick={() => setDeleting(word)}
                      aria-label={`Delete ${word.term}`}
                    >
                      Delete
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {page === undefined || page.total === 0 ? null : (
            <PagingBar
              page={listQuery.page}
              pageCount={page.pageCount}
              pageSize={pageSize}
              onPageChange={(next) => updateListQuery({ page: next })}
              onPageSizeChange={(next) => {
                setPageSize(next);
                updateListQuery({ page: 1 });
              }}
            />
          )}
        </>
      )}
      <StoryfilePicker
        storyfileId={storyfileId}
        onChange={(next) => setParam('storyfileId', next)}
      />
      {storyfileId === undefined ? (
        <p className="text-sm text-slate-600">
          Choose a storyfile to see suggested words and to try phrases on the test bench.
        </p>
      ) : (
        <>
          <section aria-labelledby="suggested-words-heading" className="space-y-2">
            <h2 id="suggested-words-heading" className="text-lg font-semibold text-slate-900">
              Suggested words
            </h2>
            <p className="text-sm text-slate-600">
              Names and rare words of this storyfile&apos;s questions and of its videos&apos;
              captions, and words of spoken questions that matched nothing. Spoken questions hand
              the custom words to the browser&apos;s recognizer as hints, where the browser supports
              it.
            </p>
            <SuggestedWords user={user} storyfileId={storyfileId} />
          </section>
          <TestBench storyfileId={storyfileId} />
        </>
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onCancel={() => setDeleting(null)}
        title="Delete this word?"
        description={`Spoken questions stop replacing the "heard as" forms of "${deleting?.term ?? ''}".`}
        confirmText="Delete"
        isPending={remove.isPending}
        onConfirm={() => {
          if (deleting) {
            remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) });
          }
        }}
      />
    </div>
  );
}
