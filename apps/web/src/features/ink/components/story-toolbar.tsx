import type { InkStory } from '@conversa/contracts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useIsEditPending, type PendingEdit } from '../utils/pending-edit';

/**
 * Save, Publish and Unpublish, with where the story stands: published or not, saved or with
 * unsaved changes, compiling or compiled in so many ms. The only part of the story screen that
 * renders again on the first key of a burst of typing (`pendingEdit`).
 */
export function StoryToolbar({
  story,
  canEdit,
  pendingEdit,
  hasUnsavedSource,
  isCompiling: isWorkerCompiling,
  compiledInMs,
  isSaving,
  isPublishing,
  isUnpublishing,
  onSave,
  onPublish,
  onUnpublish,
}: {
  story: InkStory;
  /** False for a reader: where the story stands, without Save, Publish or Unpublish. */
  canEdit: boolean;
  pendingEdit: PendingEdit;
  /** The source handed over differs from the latest saved version (or none is saved). */
  hasUnsavedSource: boolean;
  /** The worker is compiling the source handed over. */
  isCompiling: boolean;
  compiledInMs: number | null;
  isSaving: boolean;
  isPublishing: boolean;
  isUnpublishing: boolean;
  onSave: () => void;
  onPublish: (number: number) => void;
  onUnpublish: () => void;
}) {
  const isEditPending = useIsEditPending(pendingEdit);
  const isDirty = isEditPending || hasUnsavedSource;
  const isCompiling = isEditPending || isWorkerCompiling;
  const latest = story.latest;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {canEdit ? (
        <Button variant="primary" isLoading={isSaving} onClick={onSave}>
          Save
        </Button>
      ) : null}
      {canEdit && latest && !latest.hasErrors && !isDirty && !latest.isPublished ? (
        <Button
          variant="sf_green_full"
          isLoading={isPublishing}
          onClick={() => onPublish(latest.number)}
        >
          Publish version {latest.number}
        </Button>
      ) : null}
      {canEdit && story.publishedNumber !== null ? (
        <Button variant="default" isLoading={isUnpublishing} onClick={onUnpublish}>
          Unpublish
        </Button>
      ) : null}
      <span className="text-sm text-slate-700" role="status">
        {story.publishedNumber === null
          ? 'Not published'
          : `Published: version ${story.publishedNumber}`}
        {isDirty ? ' · unsaved changes' : latest ? ` · saved as version ${latest.number}` : ''}
      </span>
      <span className="ml-auto flex items-center gap-2 text-sm text-slate-600" aria-live="polite">
        {/* Spinning only while the worker compiles: during a burst of typing its animation's
            frames would land between the keys. */}
        {isWorkerCompiling ? <Spinner className="size-4" label="Compiling" /> : null}
        {isCompiling
          ? 'Compiling…'
          : compiledInMs !== null
            ? `Compiled in ${Math.round(compiledInMs)} ms`
            : ''}
      </span>
    </div>
  );
}
