import { type FeaturedEntry } from '@conversa/contracts';
import { Draggable, Droppable } from '@hello-pangea/dnd';
import { ArrowDown, ArrowUp, CalendarDays, GripVertical, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useDragHandlers } from '@/components/drag-and-drop';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-client';
import { useRemoveFeatured, useReorderFeatured } from '../api/featured';
import {
  describeFeaturedDates,
  getFeaturedStatus,
  getUtcToday,
  moveFeatured,
} from '../utils/featured-order';
import { DatesDialog } from './dates-dialog';
import { DELETE_FAILED, UPDATE_FAILED } from './messages';

const ICON_BUTTON =
  'rounded p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none disabled:opacity-40';

export function FeaturedList({ items }: { items: FeaturedEntry[] }) {
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
                        data-drag-label={entry.name}
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
