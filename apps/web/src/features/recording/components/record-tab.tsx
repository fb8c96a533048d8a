import {
  formatStoryfileDeletedMessage,
  roleRequiredMessage,
  type StoryfileDetail,
} from '@conversa/contracts';
import {
  Check,
  ChevronLeft,
  ChevronRight,
  Circle,
  ListChecks,
  Mic,
  RotateCcw,
  Square,
  Trash2,
  Video,
} from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useAudioLevel } from '../hooks/use-audio-level';
import { useCountdown } from '../hooks/use-countdown';
import { useMediaDevices } from '../hooks/use-media-devices';
import { RECORDING_CAP_MS, useMediaRecorder } from '../hooks/use-media-recorder';
import { useMediaStream } from '../hooks/use-media-stream';
import { useRecordingShortcuts } from '../hooks/use-recording-shortcuts';
import { resolveDeviceId } from '../utils/devices';
import { buildTakeFilename } from '../utils/filename';
import { formatElapsed } from '../utils/format-elapsed';
import {
  findAdjacentKey,
  findInitialKey,
  findNextUnrecordedKey,
  getTargetTitle,
  listRecordTargets,
  type RecordTarget,
  type RecordTargetItem,
} from '../utils/targets';
import { describeTargetStatus, isTargetDone, type TargetUploadState } from '../utils/upload-state';
import { DeviceSelects } from './device-selects';
import { LevelMeter } from './level-meter';
import { LivePreview } from './live-preview';
import { MediaProblemPanel } from './media-problem-panel';
import { ShortcutHelp } from './shortcut-help';
import { TakeReview } from './take-review';
import { StudioButton } from './studio-button';
import { TargetList, type TargetListEntry } from './target-list';
import { Teleprompter } from './teleprompter';

/** A take the person chose to keep; the route hands it to the uploads feature. */
export interface KeptTake {
  blob: Blob;
  filename: string;
  mimeType: string;
  target: RecordTarget;
}

export interface RecordTabProps {
  storyfile: StoryfileDetail;
  isEditable: boolean;
  /** The user kept a take: the route hands it to the uploads feature. */
  onKeepTake: (take: KeptTake) => void;
  /** Per target (key: `question:<id>` or `clip:<kind>`), the upload state to show, if any. */
  getTargetUploadState?: (key: string) => TargetUploadState | undefined;
}

/** The last seconds before the cap turn the timer amber. */
const CAP_WARNING_MS = 30_000;

type Phase = 'ready' | 'countdown' | 'recording' | 'review';

function EmptyScript({
  storyfileId,
  onRecordClips,
}: {
  storyfileId: string;
  onRecordClips?: () => void;
}) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-slate-200 bg-white px-6 py-14 text-center shadow-sm">
      <ListChecks className="size-10 text-brand-500" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">
        This script has no questions yet
      </h2>
      <p className="mt-1 max-w-xl text-sm text-slate-600">
        Add topics and questions (or apply a script) in the Script tab, then come back here to
        record an answer to each one.
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <Link
          to={`/storyfiles/${storyfileId}`}
          className="inline-flex h-10 items-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          Go to the Script tab
        </Link>
        {onRecordClips === undefined ? null : (
          <Button onClick={onRecordClips}>Record the clips</Button>
        )}
      </div>
    </div>
  );
}

/**
 * `tab=record`: the camera, a teleprompter with the question (or clip) to answer, record with a
 * 3-2-1 countdown, review the take, keep it (handed to `onKeepTake`) and go on to the next one.
 */
export function RecordTab({
  storyfile,
  isEditable,
  onKeepTake,
  getTargetUploadState,
}: RecordTabProps) {
  const items = useMemo(() => listRecordTargets(storyfile), [storyfile]);
  const questionCount = items.filter((item) => item.target.kind === 'question').length;
  const [keptKeys, setKeptKeys] = useState<ReadonlySet<string>>(() => new Set());
  const [isClipsOnly, setIsClipsOnly] = useState(false);
  const [isOnlyUnrecorded, setIsOnlyUnrecorded] = useState(false);
  const [isDiscardOpen, setIsDiscardOpen] = useState(false);
  const [isAllDone, setIsAllDone] = useState(false);

  const entries: TargetListEntry[] = items.map((item) => {
    const facts = {
      uploadState: getTargetUploadState?.(item.key),
      isRecorded: item.isRecorded,
      isKept: keptKeys.has(item.key),
    };
    return { item, status: describeTargetStatus(facts), isDone: isTargetDone(facts) };
  });
  const doneKeys = new Set(entries.filter((entry) => entry.isDone).map((entry) => entry.item.key));
  const needsTake = (item: RecordTargetItem) => !doneKeys.has(item.key);

  const [selectedKey, setSelectedKey] = useState<string | null>(() =>
    findInitialKey(items, needsTake),
  );
  // A question deleted meanwhile (in another tab) falls back to the first one needing a take.
  const currentKey = items.some((item) => item.key === selectedKey)
    ? selectedKey
    : findInitialKey(items, needsTake);
  const currentEntry = entries.find((entry) => entry.item.key === currentKey);

  const isEmpty = questionCount === 0 && !isClipsOnly;
  const isStudioOn = isEditable && !isEmpty;

  const devices = useMediaDevices();
  const media = useMediaStream({
    cameraId: devices.cameraId,
    microphoneId: devices.microphoneId,
    isEnabled: isStudioOn,
  });
  const refreshDevices = devices.refresh;
  useEffect(() => {
    if (media.stream !== null) {
      refreshDevices();
    }
  }, [media.stream, refreshDevices]);
  const level = useAudioLevel(media.stream);
  const recorder = useMediaRecorder();
  const countdown = useCountdown({
    onDone: () => {
      if (media.stream !== null) {
        recorder.start(media.stream);
      }
    },
  });

  const phase: Phase = countdown.isRunning
    ? 'countdown'
    : recorder.status !== 'idle'
      ? 'recording'
      : recorder.take !== null
        ? 'review'
        : 'ready';
  const canRecord = media.status === 'ready' && media.stream !== null && recorder.isSupported;

  function selectTarget(key: string | undefined) {
    if (key !== undefined && phase === 'ready') {
      setSelectedKey(key);
      setIsAllDone(false);
    }
  }

  function startCountdown() {
    if (canRecord) {
      setIsAllDone(false);
      countdown.start();
    }
  }

  function keepTake() {
    const take = recorder.take;
    if (take === null || currentEntry === undefined) {
      return;
    }
    const target = currentEntry.item.target;
    onKeepTake({
      blob: take.blob,
      filename: buildTakeFilename(target, take.mimeType, new Date()),
      mimeType: take.mimeType,
      target,
    });
    const nextKept = new Set(keptKeys).add(currentEntry.item.key);
    setKeptKeys(nextKept);
    recorder.clearTake();
    const next = findNextUnrecordedKey(
      items,
      currentEntry.item.key,
      (item) => needsTake(item) && !nextKept.has(item.key),
    );
    if (next === undefined) {
      setIsAllDone(true);
    } else {
      setSelectedKey(next);
    }
  }

  function retake() {
    recorder.clearTake();
    startCountdown();
  }

  function discardTake() {
    recorder.clearTake();
    setIsDiscardOpen(false);
  }

  useRecordingShortcuts((action) => {
    switch (action) {
      case 'record':
        if (phase === 'ready' && canRecord) {
          startCountdown();
          return true;
        }
        if (phase === 'countdown') {
          countdown.cancel();
          return true;
        }
        if (phase === 'recording') {
          recorder.stop();
          return true;
        }
        if (phase === 'review') {
          retake();
          return true;
        }
        return false;
      case 'keep':
        if (phase === 'review') {
          keepTake();
          return true;
        }
        return false;
      case 'next':
      case 'previous':
        if (phase === 'ready') {
          selectTarget(findAdjacentKey(items, currentKey, action === 'next' ? 1 : -1));
          return true;
        }
        return false;
      case 'cancel':
        if (phase === 'countdown') {
          countdown.cancel();
          return true;
        }
        return false;
    }
  }, isStudioOn && !isDiscardOpen);

  if (isEmpty) {
    return (
      <EmptyScript
        storyfileId={storyfile.id}
        {...(isEditable ? { onRecordClips: () => setIsClipsOnly(true) } : {})}
      />
    );
  }

  const lockedReason =
    phase === 'review'
      ? 'Keep or discard this take before choosing another question.'
      : phase === 'recording' || phase === 'countdown'
        ? 'Stop the recording before choosing another question.'
        : null;
  const previousKey = findAdjacentKey(items, currentKey, -1);
  const nextKey = findAdjacentKey(items, currentKey, 1);
  const activeCameraId = media.stream?.getVideoTracks()[0]?.getSettings().deviceId ?? '';
  const activeMicrophoneId = media.stream?.getAudioTracks()[0]?.getSettings().deviceId ?? '';
  const isNearCap = recorder.elapsedMs >= RECORDING_CAP_MS - CAP_WARNING_MS;
  const targetTitle = currentEntry === undefined ? '' : getTargetTitle(currentEntry.item.target);

  let stage: ReactNode;
  if (phase === 'review' && recorder.take !== null) {
    stage = <TakeReview url={recorder.take.url} label={`Your take for ${targetTitle}`} />;
  } else if (media.status === 'error' && media.problem !== null) {
    stage = <MediaProblemPanel problem={media.problem} onRetry={media.retry} />;
  } else if (media.stream !== null) {
    stage = <LivePreview stream={media.stream} />;
  } else {
    stage = (
      <div className="flex size-full flex-col items-center justify-center gap-3 text-slate-300">
        <Spinner className="size-6" label="Starting the camera" />
        <p className="text-sm">Starting the camera… Allow the camera and microphone if asked.</p>
      </div>
    );
  }

  const teleprompter =
    currentEntry === undefined ? null : (
      <Teleprompter
        item={currentEntry.item}
        questionCount={questionCount}
        status={currentEntry.status}
      />
    );

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-4">
        {isEditable ? null : (
          <>
            <Alert kind="warning">
              You can look through the questions, but not record.{' '}
              {storyfile.deletedAt === null
                ? `${roleRequiredMessage('edit:ns')} to record answers.`
                : formatStoryfileDeletedMessage(storyfile.name)}
            </Alert>
            <div className="overflow-hidden rounded-2xl shadow-sm">{teleprompter}</div>
          </>
        )}

        {isStudioOn ? (
          <>
            <div className="overflow-hidden rounded-2xl bg-slate-950 shadow-md ring-1 ring-slate-900/10">
              {teleprompter}
              {/* Width follows the window's height so the picture and the controls fit on one screen. */}
              <div className="relative mx-auto aspect-video w-full max-w-[max(24rem,calc((100vh-23rem)*16/9))] bg-black">
                {stage}
                {phase === 'recording' ? (
                  <div
                    className={cn(
                      'absolute top-3 left-3 inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold text-white shadow',
                      isNearCap ? 'bg-amber-600' : 'bg-red-600',
                    )}
                  >
                    <span
                      className="size-2.5 animate-pulse rounded-full bg-white"
                      aria-hidden="true"
                    />
                    <span>REC</span>
                    <span
                      role="timer"
                      aria-label="Recording time"
                      className="font-mono tabular-nums"
                    >
                      {formatElapsed(recorder.elapsedMs)}
                    </span>
                    <span className="font-normal opacity-80">
                      / {formatElapsed(RECORDING_CAP_MS)}
                    </span>
                  </div>
                ) : null}
                {phase === 'countdown' && countdown.remaining !== null ? (
                  <div className="absolute inset-0 flex flex-col items-center justify-center bg-slate-950/45">
                    <span
                      role="status"
                      aria-label={`Recording starts in ${countdown.remaining}`}
                      className="text-8xl font-bold text-white tabular-nums drop-shadow-lg"
                    >
                      {countdown.remaining}
                    </span>
                    <span className="mt-2 text-sm font-medium text-white drop-shadow">
                      Get ready… Esc cancels
                    </span>
                  </div>
                ) : null}
                {phase === 'review' && recorder.take !== null ? (
                  <div className="pointer-events-none absolute top-3 left-3 inline-flex items-center gap-2 rounded-full bg-slate-900/80 px-3 py-1 text-sm font-semibold text-white">
                    <Video className="size-4" aria-hidden="true" />
                    Your take · {formatElapsed(recorder.take.durationMs)}
                  </div>
                ) : null}
                {phase === 'ready' && media.stream !== null ? (
                  <div
                    aria-hidden="true"
                    className="pointer-events-none absolute right-3 bottom-3 flex w-44 items-center gap-2 rounded-lg bg-slate-900/70 px-2.5 py-2"
                  >
                    <Mic className="size-4 shrink-0 text-white" />
                    <LevelMeter level={level} isActive tone="dark" />
                  </div>
                ) : null}
              </div>

              <div
                role="toolbar"
                aria-label="Recording controls"
                className="grid grid-cols-[1fr_auto_1fr] items-center gap-3 border-t border-white/10 bg-slate-900 px-4 py-3"
              >
                <div>
                  {phase === 'review' ? (
                    <StudioButton
                      tone="ghost"
                      onClick={() => setIsDiscardOpen(true)}
                      icon={<Trash2 className="size-4" aria-hidden="true" />}
                    >
                      Discard
                    </StudioButton>
                  ) : (
                    <StudioButton
                      tone="ghost"
                      onClick={() => selectTarget(previousKey)}
                      disabled={phase !== 'ready' || previousKey === undefined}
                      shortcut={{ label: 'P', aria: 'P' }}
                      icon={<ChevronLeft className="size-4" aria-hidden="true" />}
                    >
                      Previous
                    </StudioButton>
                  )}
                </div>
                <div className="flex flex-wrap items-center justify-center gap-2">
                  {phase === 'ready' ? (
                    <StudioButton
                      tone="record"
                      onClick={startCountdown}
                      disabled={!canRecord}
                      shortcut={{ label: 'R', aria: 'R' }}
                      icon={<Circle className="size-4 fill-current" aria-hidden="true" />}
                    >
                      Record
                    </StudioButton>
                  ) : null}
                  {phase === 'countdown' ? (
                    <StudioButton
                      tone="ghost"
                      onClick={countdown.cancel}
                      shortcut={{ label: 'Esc', aria: 'Escape' }}
                    >
                      Cancel
                    </StudioButton>
                  ) : null}
                  {phase === 'recording' ? (
                    <StudioButton
                      tone="stop"
                      onClick={recorder.stop}
                      disabled={recorder.status === 'stopping'}
                      shortcut={{ label: 'R', aria: 'R' }}
                      icon={
                        <Square className="size-4 fill-red-600 text-red-600" aria-hidden="true" />
                      }
                    >
                      Stop
                    </StudioButton>
                  ) : null}
                  {phase === 'review' ? (
                    <>
                      <StudioButton
                        tone="ghost"
                        onClick={retake}
                        shortcut={{ label: 'R', aria: 'R' }}
                        icon={<RotateCcw className="size-4" aria-hidden="true" />}
                      >
                        Retake
                      </StudioButton>
                      <StudioButton
                        tone="keep"
                        onClick={keepTake}
                        shortcut={{ label: 'K', aria: 'K' }}
                        icon={<Check className="size-4" aria-hidden="true" />}
                      >
                        Keep
                      </StudioButton>
                    </>
                  ) : null}
                </div>
                <div className="flex justify-end">
                  {phase === 'review' ? null : (
                    <StudioButton
                      tone="ghost"
                      onClick={() => selectTarget(nextKey)}
                      disabled={phase !== 'ready' || nextKey === undefined}
                      shortcut={{ label: 'N', aria: 'N' }}
                    >
                      Next
                      <ChevronRight className="size-4" aria-hidden="true" />
                    </StudioButton>
                  )}
                </div>
              </div>
            </div>

            {recorder.error === null ? null : <Alert kind="error">{recorder.error}</Alert>}
            {recorder.take?.wasCapped ? (
              <Alert kind="warning">
                The recording stopped at {formatElapsed(RECORDING_CAP_MS)}, the longest an answer
                can be.
              </Alert>
            ) : null}
            {recorder.isSupported ? null : (
              <Alert kind="error">
                This browser cannot record video. Use a recent version of Chrome, Edge, Firefox or
                Safari.
              </Alert>
            )}
            {isAllDone && phase === 'ready' ? (
              <Alert kind="success">
                Every question and clip has a take. Kept takes go on uploading in the background.
              </Alert>
            ) : null}

            <div className="grid gap-4 md:grid-cols-2">
              <section
                aria-label="Camera and microphone"
                className="space-y-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-sm"
              >
                <DeviceSelects
                  cameras={devices.cameras}
                  microphones={devices.microphones}
                  cameraId={
                    resolveDeviceId(devices.cameras, activeCameraId) ||
                    resolveDeviceId(devices.cameras, devices.cameraId) ||
                    (devices.cameras[0]?.deviceId ?? '')
                  }
                  microphoneId={
                    resolveDeviceId(devices.microphones, activeMicrophoneId) ||
                    resolveDeviceId(devices.microphones, devices.microphoneId) ||
                    (devices.microphones[0]?.deviceId ?? '')
                  }
                  isDisabled={phase === 'recording' || phase === 'countdown'}
                  onCameraChange={devices.selectCamera}
                  onMicrophoneChange={devices.selectMicrophone}
                />
                <div>
                  <p className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                    Microphone level
                  </p>
                  <LevelMeter level={level} isActive={media.stream !== null} tone="light" />
                  <p className="mt-1 text-xs text-slate-600">
                    Speak as in your answers: the bar should reach the green, rarely the red.
                  </p>
                </div>
              </section>
              <ShortcutHelp />
            </div>
          </>
        ) : null}
      </div>

      <TargetList
        entries={entries}
        currentKey={currentKey}
        isOnlyUnrecorded={isOnlyUnrecorded}
        onOnlyUnrecordedChange={setIsOnlyUnrecorded}
        onSelect={(key) => selectTarget(key)}
        lockedReason={lockedReason}
      />

      <ConfirmDialog
        isOpen={isDiscardOpen}
        onCancel={() => setIsDiscardOpen(false)}
        title="Discard this take?"
        description="The take is thrown away and cannot be brought back. You can record the question again."
        confirmText="Discard take"
        onConfirm={discardTake}
      />
    </div>
  );
}
