import {
  CAPTIONS_FILE_INVALID_MESSAGE,
  CAPTIONS_FILE_MAX_BYTES,
  formatSrt,
  formatWebVtt,
  parseCaptionsFile,
  TRANSCRIPT_DRAFT_FAILED_MESSAGE,
  type CaptionCue,
  type StoryfileVideo,
  type Transcript,
} from '@conversa/contracts';
import { Download, FileUp, RefreshCw, Save } from 'lucide-react';
import { useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, messageOf } from '@/lib/api-client';
import { useApproveVideoTranscript } from '../api/approve-video-transcript';
import { useRegenerateVideoTranscript } from '../api/regenerate-video-transcript';
import { useSaveVideoTranscript } from '../api/save-video-transcript';
import { findCueAt, joinCueTexts, mergeWithNext, nudgeCue, splitCue } from '../utils/cue-edits';
import { downloadText } from '../utils/download-text';
import { TRANSCRIPT_STATUS_LABELS } from '../utils/transcript-status';
import { CueRow } from './cue-row';
import { TranscriptRedraftNotice } from './transcript-redraft-notice';
import { TranscriptReviewBar } from './transcript-review-bar';

export const EMPTY_CUE_MESSAGE =
  'Every caption needs words. Type them, or merge the empty caption.';
const SAVE_FAILED = 'The transcript could not be saved. Try again.';

/** The first few words of a caption, to say which one has focus. */
function firstWords(text: string): string {
  const words = text.trim().split(/\s+/);
  return words.length > 4 ? `${words.slice(0, 4).join(' ')}…` : words.join(' ');
}

/** Where the editor puts focus after a change re-renders the list (the next step's field). */
type PendingFocus = { index: number; caret: number } | null;

/**
 * The transcript and caption editor of one video: the player with its captions beside the cues,
 * each with its words, times and actions. Edits stay in the editor until Save; a save of words
 * only asks the server to re-time them against what was heard, a save after times were moved
 * keeps them as sent.
 */
export function TranscriptEditor({
  storyfileId,
  language,
  video,
  transcript,
  isEditable,
  onReload,
}: {
  storyfileId: string;
  language: string;
  video: StoryfileVideo;
  transcript: Transcript;
  isEditable: boolean;
  /** Fetches the saved transcript again (after a conflict), dropping the edits. */
  onReload: () => void;
}) {
  const save = useSaveVideoTranscript(storyfileId, video.id);
  const regenerate = useRegenerateVideoTranscript(storyfileId, video.id);
  const approve = useApproveVideoTranscript(storyfileId, video.id);
  const [cues, setCues] = useState<CaptionCue[]>(transcript.cues);
  const [hasMovedTimes, setHasMovedTimes] = useState(false);
  const [problem, setProblem] = useState<{ message: string; isConflict: boolean } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isConfirmingRegenerate, setIsConfirmingRegenerate] = useState(false);
  const [currentMs, setCurrentMs] = useState(0);
  const videoRef = useRef<HTMLVideoElement>(null);
  const textRefs = useRef(new Map<number, HTMLTextAreaElement>());
  const pendingFocus = useRef<PendingFocus>(null);
  const reloadRef = useRef<HTMLButtonElement>(null);

  // A draft that arrives (or a save elsewhere) replaces the list unless the author changed it.
  const [shownTranscript, setShownTranscript] = useState(transcript);
  if (shownTranscript !== transcript) {
    setShownTranscript(transcript);
    if (JSON.stringify(cues) === JSON.stringify(shownTranscript.cues)) {
      setCues(transcript.cues);
    }
  }

  const isDirty = JSON.stringify(cues) !== JSON.stringify(transcript.cues);
  const playingIndex = findCueAt(cues, currentMs);
  const isPending = transcript.status === 'pending';

  const change = (next: CaptionCue[] | null, focus: PendingFocus = null) => {
    if (next === null) {
      return false;
    }
    pendingFocus.current = focus;
    setCues(next);
    setNotice(null);
    return true;
  };

  const attachText = (index: number) => (element: HTMLTextAreaElement | null) => {
    if (element === null) {
      textRefs.current.delete(index);
      return;
    }
    textRefs.current.set(index, element);
    const focus = pendingFocus.current;
    if (focus !== null && focus.index === index) {
      pendingFocus.current = null;
      element.focus();
      element.setSelectionRange(focus.caret, focus.caret);
    }
  };

  const playFrom = (cue: CaptionCue) => {
    const element = videoRef.current;
    if (!element) {
      return;
    }
    element.currentTime = cue.startMs / 1000;
    setCurrentMs(cue.startMs);
    // A browser that refuses to play leaves the video at the cue, ready for its own play button.
    void element.play()?.catch(() => undefined);
  };

  const submit = (body: { cues: CaptionCue[]; timing: 'align' | 'as-sent' }, done?: string) => {
    if (body.cues.some((cue) => cue.text.trim() === '')) {
      setProblem({ message: EMPTY_CUE_MESSAGE, isConflict: false });
      return;
    }
    setProblem(null);
    save.mutate(
      { cues: body.cues, revision: transcript.revision, timing: body.timing },
      {
        onSuccess: (saved) => {
          setCues(saved.cues);
          setHasMovedTimes(false);
          setNotice(done ?? 'Transcript saved. The captions now say what you wrote.');
        },
        onError: (error) => {
          const isConflict = error instanceof ApiError && error.status === 409;
          setProblem({ message: messageOf(error, SAVE_FAILED), isConflict });
          if (isConflict) {
            // The next step is to reload: take the author there.
            requestAnimationFrame(() => reloadRef.current?.focus());
          }
        },
      },
    );
  };

  const readFile = async (file: File) => {
    setNotice(null);
    const parsed = file.size > CAPTIONS_FILE_MAX_BYTES ? [] : parseCaptionsFile(await file.text());
    if (parsed.length === 0) {
      setProblem({ message: CAPTIONS_FILE_INVALID_MESSAGE, isConflict: false });
      return;
    }
    setCues(parsed);
    submit({ cues: parsed, timing: 'as-sent' }, `Captions from ${file.name} saved.`);
  };

  const startTyping = () =>
    change([{ startMs: 0, endMs: Math.max(video.durationMs, 1_000), text: '' }], {
      index: 0,
      caret: 0,
    });

  const baseName = (video.filename ?? 'captions').replace(/\.[^.]+$/, '');

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <div className="space-y-4">
        <video
          ref={videoRef}
          key={video.videoUrl}
          src={video.videoUrl}
          poster={video.posterUrl}
          controls
          playsInline
          aria-label="Video with its saved captions"
          className="aspect-video w-full rounded-lg bg-black"
          onTimeUpdate={(event) => setCurrentMs(Math.round(event.currentTarget.currentTime * 1000))}
        >
          {video.captionsUrl === null ? null : (
            <track
              key={video.captionsUrl}
              kind="captions"
              label="Captions"
              src={video.captionsUrl}
              srcLang={language}
              default
            />
          )}
        </video>
        <TranscriptReviewBar
          transcript={transcript}
          isEditable={isEditable}
          isDirty={isDirty}
          isApproving={approve.isPending}
          onApprove={() =>
            approve.mutate(transcript.revision, {
              onSuccess: () => setNotice('Approved. Visitors now see these words.'),
              onError: (error) =>
                setProblem({
                  message: messageOf(error, 'The transcript could not be approved. Try again.'),
                  isConflict: error instanceof ApiError && error.status === 409,
                }),
            })
          }
        />
        <TranscriptRedraftNotice {...{ storyfileId, transcript, isEditable, isDirty }} />
        {problem ? (
          <div className="space-y-2">
            <Alert kind="error">{problem.message}</Alert>
            {problem.isConflict ? (
              <Button
                ref={reloadRef}
                variant="default"
                size="sm"
                icon={<RefreshCw className="size-4" aria-hidden="true" />}
                onClick={() => {
                  setProblem(null);
                  onReload();
                }}
              >
                Reload the transcript
              </Button>
            ) : null}
          </div>
        ) : null}
        <p role="status" className="text-sm text-green-800">
          {notice}
        </p>
        <div className="flex flex-wrap gap-2">
          {isEditable ? (
            <>
              <Button
                variant="primary"
                icon={<Save className="size-4" aria-hidden="true" />}
                isLoading={save.isPending}
                disabled={cues.length === 0 || (!isDirty && transcript.status === 'edited')}
                onClick={() => submit({ cues, timing: hasMovedTimes ? 'as-sent' : 'align' })}
              >
                Save
              </Button>
              <label className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm focus-within:ring-2 focus-within:ring-brand-300 hover:bg-slate-50">
                <FileUp className="size-4" aria-hidden="true" />
                Upload .vtt or .srt
                <input
                  type="file"
                  accept=".vtt,.srt,text/vtt,application/x-subrip"
                  className="sr-only"
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = '';
                    if (file) {
                      void readFile(file);
                    }
                  }}
                />
              </label>
              <Button
                variant="default"
                icon={<RefreshCw className="size-4" aria-hidden="true" />}
                disabled={isPending}
                onClick={() => setIsConfirmingRegenerate(true)}
              >
                Make a new draft
              </Button>
            </>
          ) : null}
          {cues.length === 0 ? null : (
            <>
              <Button
                variant="text"
                icon={<Download className="size-4" aria-hidden="true" />}
                onClick={() => downloadText(formatWebVtt(cues), `${baseName}.vtt`, 'text/vtt')}
              >
                Download .vtt
              </Button>
              <Button
                variant="text"
                icon={<Download className="size-4" aria-hidden="true" />}
                onClick={() =>
                  downloadText(formatSrt(cues), `${baseName}.srt`, 'application/x-subrip')
                }
              >
                Download .srt
              </Button>
            </>
          )}
        </div>
      </div>

      <div>
        <h3 className="mb-2 text-base font-semibold text-slate-900">Captions</h3>
        {isPending ? (
          <p className="mb-3 flex items-center gap-2 text-sm text-slate-700">
            <Spinner label="Making a draft" /> {TRANSCRIPT_STATUS_LABELS.pending} The recognizer
            writes this video&apos;s words a minute or two after processing; this list fills in when
            it is done.
          </p>
        ) : null}
        {transcript.status === 'failed' ? (
          <Alert kind="warning" className="mb-3">
            {transcript.error ?? TRANSCRIPT_DRAFT_FAILED_MESSAGE}
          </Alert>
        ) : null}
        {cues.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700">
            <p>No captions yet.</p>
            {isEditable ? (
              <Button variant="default" size="sm" className="mt-2" onClick={startTyping}>
                Type the transcript
              </Button>
            ) : null}
          </div>
        ) : (
          <ol className="max-h-[60vh] space-y-3 overflow-y-auto pr-1" aria-label="Captions">
            {cues.map((cue, index) => (
              <CueRow
                // Rows are positions in the list: a split or merge re-numbers those after it.
                key={index}
                cue={cue}
                index={index}
                isPlaying={index === playingIndex}
                isEditable={isEditable}
                isLast={index === cues.length - 1}
                textRef={attachText(index)}
                onTextChange={(text) =>
                  change(
                    cues.map((item, position) => (position === index ? { ...item, text } : item)),
                  )
                }
                onPlay={() => playFrom(cue)}
                onNudge={(edge, deltaMs) => {
                  if (change(nudgeCue(cues, index, edge, deltaMs))) {
                    setHasMovedTimes(true);
                  }
                }}
                onSplit={() => {
                  const caret = textRefs.current.get(index)?.selectionStart ?? cue.text.length;
                  const split = splitCue(cues, index, caret);
                  if (!change(split, { index: index + 1, caret: 0 })) {
                    setNotice('Put the cursor between two words of the caption to split it there.');
                    return;
                  }
                  // Said, since focus moved to another field (WCAG 2.2 SC 4.1.3).
                  setNotice(
                    `Caption ${index + 1} split in two. Focus is on caption ${index + 2}, which starts "${firstWords(split?.[index + 1]?.text ?? '')}".`,
                  );
                }}
                onMerge={() => {
                  const next = cues[index + 1];
                  const caret = next ? joinCueTexts(cue.text, next.text).joinAt : 0;
                  if (change(mergeWithNext(cues, index), { index, caret })) {
                    setNotice(
                      `Captions ${index + 1} and ${index + 2} merged. Focus is on caption ${index + 1}, where they join.`,
                    );
                  }
                }}
              />
            ))}
          </ol>
        )}
      </div>

      <ConfirmDialog
        isOpen={isConfirmingRegenerate}
        onCancel={() => setIsConfirmingRegenerate(false)}
        title="Make a new draft?"
        description="The recognizer writes this video's words again. The new draft replaces these captions, and your edits to them are lost."
        confirmText="Make a new draft"
        isPending={regenerate.isPending}
        onConfirm={() =>
          regenerate.mutate(undefined, {
            onSuccess: () => {
              setIsConfirmingRegenerate(false);
              setNotice('A new draft is being made.');
            },
            onError: (error) => {
              setIsConfirmingRegenerate(false);
              setProblem({
                message: messageOf(error, 'The draft could not be started.'),
                isConflict: false,
              });
            },
          })
        }
      />
    </div>
  );
}
