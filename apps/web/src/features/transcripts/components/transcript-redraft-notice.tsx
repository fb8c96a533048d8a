import type { Transcript } from '@conversa/contracts';
import { Sparkles, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { messageOf } from '@/lib/api-client';
import { useUndoTranscriptRedraft } from '../api/undo-transcript-redraft';

export const REDRAFTED_LABEL = 'Redrafted with this storyfile’s voice';
export const REDRAFT_UNDONE_MESSAGE = 'Previous draft restored.';
const UNDO_FAILED =
  'The previous draft could not be restored. Reload the transcript and try again.';

/**
 * Says that the recognizer, adapted to this storyfile's speaker, redid this draft (issue 52), with
 * Undo, which puts the previous draft back (hidden while the author has unsaved edits, which it
 * would replace). Nothing for a draft that was not redone.
 */
export function TranscriptRedraftNotice({
  storyfileId,
  transcript,
  isEditable,
  isDirty,
}: {
  storyfileId: string;
  transcript: Transcript;
  isEditable: boolean;
  isDirty: boolean;
}) {
  const undo = useUndoTranscriptRedraft(storyfileId, transcript.videoId);
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  if (!transcript.redraft) {
    return message && !message.isError ? (
      <p role="status" className="text-sm text-slate-700">
        {message.text}
      </p>
    ) : null;
  }
  return (
    <div className="space-y-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2.5 py-0.5 font-semibold text-sky-950">
          <Sparkles className="size-4" aria-hidden="true" />
          {REDRAFTED_LABEL}
        </span>
        {isEditable && !isDirty ? (
          <Button
            size="sm"
            variant="default"
            icon={<Undo2 className="size-4" aria-hidden="true" />}
            isLoading={undo.isPending}
            onClick={() =>
              undo.mutate(transcript.revision, {
                onSuccess: () => setMessage({ text: REDRAFT_UNDONE_MESSAGE, isError: false }),
                onError: (error) =>
                  setMessage({ text: messageOf(error, UNDO_FAILED), isError: true }),
              })
            }
          >
            Undo redraft
          </Button>
        ) : null}
      </div>
      <p className="text-slate-800">
        The recognizer learned this speaker’s voice from the answers you corrected and drafted this
        one again. Undo puts the previous draft back.
      </p>
      {message?.isError ? <Alert kind="error">{message.text}</Alert> : null}
    </div>
  );
}
