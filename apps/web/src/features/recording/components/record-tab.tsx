import {
  formatStoryfileDeletedMessage,
  roleRequiredMessage,
  type StoryfileDetail,
} from '@conversa/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RECORDING_CAP_MS } from '../hooks/use-media-recorder';
import { useRecordTargets } from '../hooks/use-record-targets';
import { useRecordingStudio } from '../hooks/use-recording-studio';
import { useTakeActions, type KeptTake } from '../hooks/use-take-actions';
import { getTargetLockReason, isTakeRunning } from '../utils/studio-state';
import { getTargetTitle } from '../utils/targets';
import type { TargetUploadState } from '../utils/upload-state';
import { DevicePanel } from './device-panel';
import { EmptyScript } from './empty-script';
import { RecordStage } from './record-stage';
import { RecordingControls } from './recording-controls';
import { RecordingNotices } from './recording-notices';
import { ShortcutHelp } from './shortcut-help';
import { TargetList } from './target-list';
import { Teleprompter } from './teleprompter';

export type { KeptTake };

export interface RecordTabProps {
  storyfile: StoryfileDetail;
  isEditable: boolean;
  /** The user kept a take: the route hands it to the uploads feature. */
  onKeepTake: (take: KeptTake) => void;
  /** Per target (key: `question:<id>` or `clip:<kind>`), the upload state to show, if any. */
  getTargetUploadState?: (key: string) => TargetUploadState | undefined;
}

/**
 * `tab=record`: the camera, a teleprompter with the question (or clip) to answer, record with a
 * 3-2-1 countdown, review the take, keep it (handed to `onKeepTake`) and go on to the next one.
 * `question=<id>` opens on that question (Record next's links). A viewer only looks through the
 * questions; the camera stays off.
 */
export function RecordTab({
  storyfile,
  isEditable,
  onKeepTake,
  getTargetUploadState,
}: RecordTabProps) {
  const [params] = useSearchParams();
  const requested = params.get('question');
  const targets = useRecordTargets(
    storyfile,
    getTargetUploadState,
    requested === null ? undefined : `question:${requested}`,
  );
  const [isClipsOnly, setIsClipsOnly] = useState(false);
  const [isOnlyUnrecorded, setIsOnlyUnrecorded] = useState(false);
  const isEmpty = targets.questionCount === 0 && !isClipsOnly;
  const isStudioOn = isEditable && !isEmpty;
  const studio = useRecordingStudio(isStudioOn);
  const actions = useTakeActions({ targets, studio, onKeepTake, isEnabled: isStudioOn });
  const { devices, media, level, recorder, countdown, phase, canRecord } = studio;
  const { currentEntry } = targets;

  if (isEmpty) {
    return (
      <EmptyScript
        storyfileId={storyfile.id}
        {...(isEditable ? { onRecordClips: () => setIsClipsOnly(true) } : {})}
      />
    );
  }

  const teleprompter =
    currentEntry === undefined ? null : (
      <Teleprompter
        item={currentEntry.item}
        questionCount={targets.questionCount}
        status={currentEntry.status}
      />
    );

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
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
              <RecordStage
                phase={phase}
                stream={media.stream}
                problem={media.status === 'error' ? media.problem : null}
                onRetry={media.retry}
                take={recorder.take}
                elapsedMs={recorder.elapsedMs}
                capMs={RECORDING_CAP_MS}
                countdownRemaining={countdown.remaining}
                level={level}
                targetTitle={
                  currentEntry === undefined ? '' : getTargetTitle(currentEntry.item.target)
                }
              />
              <RecordingControls
                phase={phase}
                canRecord={canRecord}
                isStopping={recorder.status === 'stopping'}
                hasPrevious={targets.previousKey !== undefined}
                hasNext={targets.nextKey !== undefined}
                onPrevious={() => actions.selectTarget(targets.previousKey)}
                onNext={() => actions.selectTarget(targets.nextKey)}
                onRecord={actions.startCountdown}
                onCancel={countdown.cancel}
                onStop={recorder.stop}
                onRetake={actions.retake}
                onKeep={actions.keepTake}
                onDiscard={actions.askDiscard}
              />
            </div>

            <RecordingNotices
              error={recorder.error}
              wasCapped={recorder.take?.wasCapped ?? false}
              capMs={RECORDING_CAP_MS}
              isSupported={recorder.isSupported}
              isAllDone={actions.isAllDone && phase === 'ready'}
            />

            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <DevicePanel
                cameras={devices.cameras}
                microphones={devices.microphones}
                chosenCameraId={devices.cameraId}
                chosenMicrophoneId={devices.microphoneId}
                stream={media.stream}
                level={level}
                isDisabled={isTakeRunning(phase)}
                onCameraChange={devices.selectCamera}
                onMicrophoneChange={devices.selectMicrophone}
              />
              <ShortcutHelp />
            </div>
          </>
        ) : null}
      </div>

      <TargetList
        entries={targets.entries}
        currentKey={targets.currentKey}
        isOnlyUnrecorded={isOnlyUnrecorded}
        onOnlyUnrecordedChange={setIsOnlyUnrecorded}
        onSelect={(key) => actions.selectTarget(key)}
        lockedReason={getTargetLockReason(phase)}
      />

      <ConfirmDialog
        isOpen={actions.isDiscardOpen}
        onCancel={actions.cancelDiscard}
        title="Discard this take?"
        description="The take is thrown away and cannot be brought back. You can record the question again."
        confirmText="Discard take"
        onConfirm={actions.discardTake}
      />
    </div>
  );
}
