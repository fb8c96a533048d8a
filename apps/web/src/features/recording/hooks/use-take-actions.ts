import { useState } from 'react';
import { buildTakeFilename } from '../utils/filename';
import { getShortcutCommand, type ShortcutCommand } from '../utils/shortcut-commands';
import type { RecordTarget } from '../utils/targets';
import type { RecordTargets } from './use-record-targets';
import type { RecordingStudio } from './use-recording-studio';
import { useRecordingShortcuts } from './use-recording-shortcuts';

/** A take the person chose to keep; the route hands it to the uploads feature. */
export interface KeptTake {
  blob: Blob;
  filename: string;
  mimeType: string;
  target: RecordTarget;
}

/**
 * What the buttons and the keyboard do on the record tab: choose a target (only while ready),
 * record, retake, keep (and go on to the next target needing a take) or discard after asking.
 * Shortcuts are off while `isEnabled` is false and while the discard question is open.
 */
export function useTakeActions({
  targets,
  studio,
  onKeepTake,
  isEnabled,
}: {
  targets: RecordTargets;
  studio: RecordingStudio;
  onKeepTake: (take: KeptTake) => void;
  isEnabled: boolean;
}) {
  const [isDiscardOpen, setIsDiscardOpen] = useState(false);
  const [isAllDone, setIsAllDone] = useState(false);
  const { recorder, countdown, phase, canRecord } = studio;

  function selectTarget(key: string | undefined) {
    if (key !== undefined && phase === 'ready') {
      targets.select(key);
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
    const entry = targets.currentEntry;
    if (take === null || entry === undefined) {
      return;
    }
    const target = entry.item.target;
    onKeepTake({
      blob: take.blob,
      filename: buildTakeFilename(target, take.mimeType, new Date()),
      mimeType: take.mimeType,
      target,
    });
    const hasNext = targets.markKept(entry.item.key);
    recorder.clearTake();
    if (!hasNext) {
      setIsAllDone(true);
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

  const commands: Record<ShortcutCommand, () => void> = {
    'start-countdown': startCountdown,
    'cancel-countdown': countdown.cancel,
    'stop-recording': recorder.stop,
    retake,
    'keep-take': keepTake,
    'select-next': () => selectTarget(targets.nextKey),
    'select-previous': () => selectTarget(targets.previousKey),
  };
  useRecordingShortcuts((action) => {
    const command = getShortcutCommand(action, { phase, canRecord });
    if (command === undefined) {
      return false;
    }
    commands[command]();
    return true;
  }, isEnabled && !isDiscardOpen);

  return {
    /** Every target has a take; cleared by choosing a target or recording again. */
    isAllDone,
    isDiscardOpen,
    selectTarget,
    startCountdown,
    keepTake,
    retake,
    askDiscard: () => setIsDiscardOpen(true),
    cancelDiscard: () => setIsDiscardOpen(false),
    discardTake,
  };
}
