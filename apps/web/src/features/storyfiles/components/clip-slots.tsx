import {
  CLIP_PROMPT_MAX_LENGTH,
  type StoryfileClip,
  type StoryfileDetail,
} from '@conversa/contracts';
import { CheckCircle2, Circle } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { useUpdateStoryfileClip } from '../api/update-storyfile-clip';
import { useStoryfileSlots } from './storyfile-slots';

const CLIP_HINTS: Record<StoryfileClip['kind'], string> = {
  idle: 'Plays between questions while the visitor thinks.',
  intro: 'Greets the visitor and suggests the conversation starters.',
  cannotAnswer: 'Plays when no recorded answer fits the question.',
  pleaseRepeat: 'Plays when the question could not be understood.',
};

function ClipCard({
  clip,
  isEditable,
  storyfileId,
}: {
  clip: StoryfileClip;
  isEditable: boolean;
  storyfileId: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const update = useUpdateStoryfileClip(storyfileId);
  const { showToast } = useToast();
  const fieldId = `clip-${clip.kind}`;
  const slots = useStoryfileSlots();

  function save() {
    if (draft === null || draft.trim() === clip.prompt) {
      setDraft(null);
      return;
    }
    update.mutate(
      { kind: clip.kind, prompt: draft.trim() },
      {
        onSuccess: () => setDraft(null),
        onError: (error) => showToast({ kind: 'error', message: error.message }),
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDraft(null);
      event.currentTarget.blur();
    } else if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      event.currentTarget.blur();
    }
  }

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <div>
          <label htmlFor={fieldId} className="text-sm font-semibold text-slate-900">
            {clip.label}
          </label>
          <p className="text-xs text-slate-500">{CLIP_HINTS[clip.kind]}</p>
        </div>
        <span className="inline-flex shrink-0 items-center gap-1 text-xs text-slate-500">
          {clip.recordedAt === null ? (
            <>
              <Circle className="size-3.5 text-slate-300" aria-hidden="true" /> Not recorded
            </>
          ) : (
            <>
              <CheckCircle2 className="size-3.5 text-green-600" aria-hidden="true" /> Recorded
            </>
          )}
        </span>
      </div>
      {isEditable ? (
        <div className="relative mt-2">
          <textarea
            id={fieldId}
            rows={3}
            maxLength={CLIP_PROMPT_MAX_LENGTH}
            value={draft ?? clip.prompt}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={save}
            onKeyDown={onKeyDown}
            aria-describedby={`${fieldId}-hint`}
            className="block w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-800 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          />
          <p id={`${fieldId}-hint`} className="mt-1 flex items-center gap-2 text-xs text-slate-500">
            {update.isPending ? <Spinner className="size-3" label="Saving" /> : null}
            What to say in this clip. Enter or leaving the field saves; Escape undoes.
          </p>
        </div>
      ) : (
        <p id={fieldId} className="mt-2 text-sm text-slate-700">
          {clip.prompt || <span className="text-slate-500 italic">No prompt</span>}
        </p>
      )}
      {slots?.slots.renderClipMedia?.({ ...slots.context, clipKind: clip.kind })}
    </li>
  );
}

/** The four special clips (idle, intro, cannot answer, please repeat) and what to say in them. */
export function ClipSlots({
  storyfile,
  isEditable,
}: {
  storyfile: StoryfileDetail;
  isEditable: boolean;
}) {
  return (
    <ul aria-label="Clips" className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-1">
      {storyfile.clips.map((clip) => (
        <ClipCard key={clip.kind} clip={clip} isEditable={isEditable} storyfileId={storyfile.id} />
      ))}
    </ul>
  );
}
