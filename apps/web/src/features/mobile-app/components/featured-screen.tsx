import { findRoute, type FeaturedEntry } from '@conversa/contracts';
import { Draggable, Droppable } from '@hello-pangea/dnd';
import { ArrowDown, ArrowUp, CalendarDays, GripVertical, Plus, Star, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { DragDropProvider, useDragHandlers } from '@/components/drag-and-drop';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-client';
import {
  useAddFeatured,
  useFeatured,
  useRemoveFeatured,
  useReorderFeatured,
  useUpdateFeaturedDates,
} from '../api/featured';
import { useMobileStoryfiles } from '../api/mobile-storyfiles';
import {
  checkFeaturedDates,
  describeFeaturedDates,
  getFeaturedStatus,
  getUtcToday,
  moveFeatured,
} from '../utils/featured-order';
import { FeaturedDatesFields } from './featured-dates-fields';
import { DELETE_FAILED, FETCH_FAILED, PUSH_FAILED, UPDATE_FAILED } from './messages';

const ICON_BUTTON =
  'rounded p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none disabled:opacity-40';

/** Adds a storyfile that is in the app to the end of the list, with optional dates. */
function AddFeaturedDialog({
  featuredIds,
  onClose,
}: {
  featuredIds: readonly string[];
  onClose: () => void;
}) {
  const candidates = useMobileStoryfiles({
    search: '',
    searchOptions: [],
    page: 1,
    pageSize: 100,
    inApp: 'true',
  });
  const add = useAddFeatured();
  const { showToast } = useToast();
  const [choice, setChoice] = useState('');
  const [dates, setDates] = useState({ startsOn: '', endsOn: '' });
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const options = (candidates.data?.items ?? []).filter((item) => !featuredIds.includes(item.id));
  const datesError = checkFeaturedDates(dates.startsOn, dates.endsOn);

  return (
    <Modal
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Feature a storyfile"
      description="Only storyfiles that are in the app can be featured. New entries go to the end of the list."
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (choice === '' || datesError) {
            setError(choice === '' ? 'Choose a storyfile.' : null);
            return;
          }
          add.mutate(
            {
              storyfileId: choice,
              startsOn: dates.startsOn || null,
              endsOn: dates.endsOn || null,
            },
            {
              onSuccess: (entry) => {
                showToast({ kind: 'success', message: `${entry.name} is featured.` });
                onClose();
              },
              onError: (failure) => setError(messageOf(failure, PUSH_FAILED)),
            },
          );
        }}
      >
        {candidates.isPending ? (
          <Spinner label="Loading storyfiles in the app" />
        ) : candidates.error ? (
          <Alert kind="error">{messageOf(candidates.error, FETCH_FAILED)}</Alert>
        ) : options.length === 0 ? (
          <p className="text-sm text-slate-700">
            Every storyfile in the app is featured already, or none is in the app: switch some on
            under Mobile App, StoryFiles.
          </p>
        ) : (
          <div>
            <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
              Storyfile
            </label>
            <select
              id={selectId}
              value={choice}
              onChange={(event) => {
                setChoice(event.target.value);
                setError(null);
              }}
              className="mt-1 h-10 w-full max-w-full rounded-lg border border-slate-300 bg-white px-3 text-sm"
            >
              <option value="">Choose a storyfile…</option>
              {options.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name} ({item.organizationLabel})
                </option>
              ))}
            </select>
          </div>
        )}
        <FeaturedDatesFields
          startsOn={dates.startsOn}
          endsOn={dates.endsOn}
          onChange={setDates}
          error={datesError}
        />
        {error ? <Alert kind="error">{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="cancel" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="primary"
            isLoading={add.isPending}
            disabled={options.length === 0}
          >
            Feature
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Changes one entry's start and end dates. */
function DatesDialog({ entry, onClose }: { entry: FeaturedEntry; onClose: () => void }) {
  const update = useUpdateFeaturedDates();
  const { showToast } = useToast();
  const [dates, setDates] = useState({
    startsOn: entry.startsOn ?? '',
    endsOn: entry.endsOn ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const datesError = checkFeaturedDates(dates.startsOn, dates.endsOn);
  return (
    <Modal
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Featured dates"
      description={`When the app features ${entry.name}.`}
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (datesError) {
            return;
          }
          update.mutate(
            {
              storyfileId: entry.storyfileId,
              startsOn: dates.startsOn || null,
              endsOn: dates.endsOn || null,
            },
            {
              onSuccess: () => {
                showToast({ kind: 'success', message: 'Dates saved.' });
                onClose();
              },
              onError: (failure) => setError(messageOf(failure, UPDATE_FAILED)),
            },
          );
        }}
      >
        <FeaturedDatesFields
          startsOn={dates.startsOn}
          endsOn={dates.endsOn}
          onChange={setDates}
          error={datesError}
        />
        {error ? <Alert kind="error">{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="cancel" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" isLoading={update.isPending}>
            Save dates
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function FeaturedList({ items }: { items: FeaturedEntry[] }) {
  const reorder = useReorderFeatured();
  const remove = useRemoveFeatured();
  const { showToast } = useToast();
  const [removing, setRemoving] = useState<FeaturedEntry | null>(null);
  const [editing, setEditing] = useState<FeaturedEntry | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const today = getUtcToday();

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= items.length) {
      return;
    }
    const next = moveFeatured(items, from, to);
    setAnnouncement(`${items[from]!.name} moved to place ${to + 1} of ${items.length}.`);
    reorder.reorder(next, {
      onError: (error) => showToast({ kind: 'error', message: messageOf(error, UPDATE_FAILED) }),
    });
  };

  useDragHandlers('featured', {
    onDragEnd: ({ source, destination }) => move(source.index, destination.index),
  });

  return (
    <>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <Droppable droppableId="mobile-featured" type="featured">
        {(drop) => (
          <ol
            ref={drop.innerRef}
            {...drop.droppableProps}
            aria-label="Featured storyfiles, in the app's order"
            className="space-y-2"
          >
            {items.map((entry, index) => {
              const status = getFeaturedStatus(entry, today);
              return (
                <Draggable
                  key={entry.storyfileId}
                  draggableId={`featured:${entry.storyfileId}`}
                  index={index}
                >
                  {(drag, snapshot) => (
                    <li
                      ref={drag.innerRef}
                      {...drag.draggableProps}
                      data-testid="featured-entry"
                      className={cn(
                        'flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 shadow-sm',
                        snapshot.isDragging && 'ring-2 ring-brand-300',
                      )}
                    >
                      <span
                        {...drag.dragHandleProps}
                        aria-label={`Drag to reorder: ${entry.name}. Space lifts, arrow keys move, space drops.`}
                        className="rounded p-0.5 text-slate-600 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
                      >
                        <GripVertical className="size-4" aria-hidden="true" />
                      </span>
                      <span className="w-6 text-sm font-medium text-slate-600 tabular-nums">
                        {index + 1}.
                      </span>
                      <div className="min-w-0 flex-1 basis-40">
                        <p className="font-semibold break-words text-slate-900">{entry.name}</p>
                        <p className="text-sm break-words text-slate-600">
                          {entry.organizationLabel} · {describeFeaturedDates(entry)} ·{' '}
                          <span className={status.isShown ? 'text-green-800' : 'text-amber-800'}>
                            {status.label}
                          </span>
                        </p>
                      </div>
                      <div className="flex shrink-0 items-center gap-1">
                        <button
                          type="button"
                          className={ICON_BUTTON}
                          aria-label={`Move up: ${entry.name}`}
                          disabled={index === 0 || reorder.isPending}
                          onClick={() => move(index, index - 1)}
                        >
                          <ArrowUp className="size-4" aria-hidden="true" />
                        </button>
                        <button
                          type="button"
                          className={ICON_BUTTON}
                          aria-label={`Move down: ${entry.name}`}
                          disabled={index === items.length - 1 || reorder.isPending}
                          onClick={() => move(index, index + 1)}
                        >
                          <ArrowDown className="size-4" aria-hidden="true" />
                        </button>
                        <button
                          type="button"
                          className={ICON_BUTTON}
                          aria-label={`Dates: ${entry.name}`}
                          onClick={() => setEditing(entry)}
                        >
                          <CalendarDays className="size-4" aria-hidden="true" />
                        </button>
                        <button
                          type="button"
                          className={cn(ICON_BUTTON, 'hover:text-red-700')}
                          aria-label={`Remove from featured: ${entry.name}`}
                          onClick={() => setRemoving(entry)}
                        >
                          <Trash2 className="size-4" aria-hidden="true" />
                        </button>
                      </div>
                    </li>
                  )}
                </Draggable>
              );
            })}
            {drop.placeholder}
          </ol>
        )}
      </Droppable>
      {editing ? <DatesDialog entry={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        isOpen={removing !== null}
        onCancel={() => setRemoving(null)}
        title="Remove from featured"
        description={`Remove ${removing?.name ?? ''} from the featured list? It stays in the app.`}
        confirmText="Remove"
        isPending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.storyfileId, {
            onSuccess: () => {
              showToast({ kind: 'success', message: `${removing.name} is no longer featured.` });
              setRemoving(null);
            },
            onError: (error) =>
              showToast({ kind: 'error', message: messageOf(error, DELETE_FAILED) }),
          })
        }
      />
    </>
  );
}

/** /storyfiles/featured: the featured storyfiles in the app's order. */
export function FeaturedScreen() {
  const featured = useFeatured();
  const [isAdding, setIsAdding] = useState(false);
  const items = featured.data?.items ?? [];
  return (
    <div className="space-y-4">
      <PageHeader
        title={findRoute('/storyfiles/featured')?.label ?? 'Featured'}
        description="The storyfiles the mobile app puts first, in this order. Drag them, or use the arrows, to reorder."
        actions={
          <Button
            variant="primary"
            icon={<Plus className="size-4" aria-hidden="true" />}
            onClick={() => setIsAdding(true)}
          >
            Feature a storyfile
          </Button>
        }
      />
      {featured.isPending ? (
        <Spinner label="Loading featured storyfiles" />
      ) : featured.error ? (
        <Alert kind="error">{messageOf(featured.error, FETCH_FAILED)}</Alert>
      ) : items.length === 0 ? (
        <div className="flex items-start gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
          <Star className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
          <p>Nothing is featured yet. Feature storyfiles that are in the app to show them first.</p>
        </div>
      ) : (
        <DragDropProvider>
          <FeaturedList items={items} />
        </DragDropProvider>
      )}
      {isAdding ? (
        <AddFeaturedDialog
          featuredIds={items.map((item) => item.storyfileId)}
          onClose={() => setIsAdding(false)}
        />
      ) : null}
    </div>
  );
}
