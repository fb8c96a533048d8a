import { Draggable, Droppable } from '@hello-pangea/dnd';
import type { LibraryQuestion } from '@conversa/contracts';
import { Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useTopics } from '../api/list-topics';
import { BUILDER_IDS } from '../utils/drag-ids';
import { LibraryTopicRow } from './library-topic-row';

/**
 * The question library of the script's namespace, searched on submit; its topics and questions
 * are dragged (or added with their + button) into the script, never dropped back.
 */
export function LibraryColumn({
  namespaceId,
  isLocked,
  canEdit,
  onAddTopic,
  onAddQuestion,
}: {
  namespaceId: string;
  isLocked: boolean;
  canEdit: boolean;
  onAddTopic: (topicId: string) => void;
  onAddQuestion: (question: LibraryQuestion) => void;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const topics = useTopics({
    namespaceId,
    search,
    searchOptions: 'name,description,questions',
    pageSize: 100,
    sort: 'name',
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setSearch(text.trim());
  }

  const items = topics.data?.items ?? [];
  return (
    <section
      aria-labelledby="library-heading"
      className="flex min-h-0 flex-col rounded-xl border border-slate-200 bg-slate-50 shadow-sm"
    >
      <header className="space-y-3 border-b border-slate-200 p-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id="library-heading" className="text-base font-semibold text-slate-900">
            Question library
          </h2>
          <Link to="/topics" className="text-sm font-medium text-brand-700 hover:underline">
            Manage topics
          </Link>
        </div>
        <form role="search" onSubmit={submit} className="flex gap-2">
          <input
            aria-label="Search the question library"
            placeholder="Search topics and questions"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value === '') {
                setSearch('');
              }
            }}
            className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm"
          />
          <Button size="sm" type="submit" icon={<Search className="size-4" aria-hidden="true" />}>
            Search
          </Button>
        </form>
      </header>
      <div className="max-h-[65vh] overflow-y-auto p-3">
        {topics.isPending ? (
          <div className="flex items-center gap-2 p-3 text-sm text-slate-600">
            <Spinner label="Loading the question library" /> Loading the question library…
          </div>
        ) : topics.error ? (
          <Alert kind="error">{topics.error.message}</Alert>
        ) : items.length === 0 ? (
          <div className="p-6 text-center text-sm text-slate-600">
            {search === '' ? (
              <>
                <p>This namespace has no topics yet.</p>
                <Link to="/topics" className="mt-2 inline-block font-medium text-brand-700">
                  Create topics and questions
                </Link>
              </>
            ) : (
              <p>No topics or questions match “{search}”.</p>
            )}
          </div>
        ) : (
          <Droppable droppableId={BUILDER_IDS.libraryTopics} type="topic" isDropDisabled>
            {(provided) => (
              <ul ref={provided.innerRef} {...provided.droppableProps} className="space-y-2">
                {items.map((topic, index) => (
                  <Draggable
                    key={topic.id}
                    draggableId={BUILDER_IDS.libraryTopic(topic.id)}
                    index={index}
                    isDragDisabled={isLocked}
                  >
                    {(dragged) => (
                      <li
                        ref={dragged.innerRef}
                        {...dragged.draggableProps}
                        className="rounded-lg border border-slate-200 bg-white shadow-sm"
                      >
                        <LibraryTopicRow
                          topic={topic}
                          handleProps={canEdit ? dragged.dragHandleProps : null}
                          isLocked={isLocked}
                          canEdit={canEdit}
                          isSearching={search !== ''}
                          onAddTopic={onAddTopic}
                          onAddQuestion={onAddQuestion}
                        />
                      </li>
                    )}
                  </Draggable>
                ))}
                {provided.placeholder}
              </ul>
            )}
          </Droppable>
        )}
      </div>
    </section>
  );
}
