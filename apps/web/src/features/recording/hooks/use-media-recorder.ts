import { VIDEO_MAX_DURATION_SECONDS } from '@conversa/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getMimeEssence, pickRecordingMimeType } from '../utils/media-types';

/** The server refuses videos longer than this, so recording stops there by itself. */
export const RECORDING_CAP_MS = VIDEO_MAX_DURATION_SECONDS * 1000;
/** Chunks are collected every second, so a long take never sits in one huge buffer. */
const TIMESLICE_MS = 1000;
const TICK_MS = 250;

/** The part of MediaRecorder the hook uses (tests pass a fake). */
export interface RecorderLike {
  readonly state: 'inactive' | 'recording' | 'paused';
  readonly mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null;
  onstop: (() => void) | null;
  onerror: ((event: Event) => void) | null;
  start(timeslice?: number): void;
  stop(): void;
}

export type CreateRecorder = (stream: MediaStream, mimeType: string | undefined) => RecorderLike;

/** A finished take, playable from `url` until it is kept or discarded. */
export interface RecordedTake {
  blob: Blob;
  url: string;
  /** Without codec parameters, e.g. `video/webm`. */
  mimeType: string;
  durationMs: number;
  /** Stopped by the 10-minute cap rather than by the person. */
  wasCapped: boolean;
}

export type RecorderStatus = 'idle' | 'recording' | 'stopping';

function getMediaRecorderClass(): typeof MediaRecorder | undefined {
  return (globalThis as { MediaRecorder?: typeof MediaRecorder }).MediaRecorder;
}

const createBrowserRecorder: CreateRecorder = (stream, mimeType) => {
  const Recorder = getMediaRecorderClass();
  if (Recorder === undefined) {
    throw new Error('This browser cannot record video (no MediaRecorder).');
  }
  return new Recorder(stream, mimeType === undefined ? {} : { mimeType }) as RecorderLike;
};

function pickBrowserMimeType(): string | undefined {
  const Recorder = getMediaRecorderClass();
  return Recorder === undefined
    ? undefined
    : pickRecordingMimeType((type) => Recorder.isTypeSupported(type));
}

/**
 * Records a stream with MediaRecorder into a take: `start` begins, `stop` (or the cap) ends and
 * yields `take`, `clearTake` drops it (and frees its URL). Unmounting stops a running recorder.
 */
export function useMediaRecorder({
  maxDurationMs = RECORDING_CAP_MS,
  createRecorder = createBrowserRecorder,
  pickMimeType = pickBrowserMimeType,
  now = () => performance.now(),
}: {
  maxDurationMs?: number;
  createRecorder?: CreateRecorder;
  pickMimeType?: () => string | undefined;
  now?: () => number;
} = {}) {
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [take, setTake] = useState<RecordedTake | null>(null);
  const [error, setError] = useState<string | null>(null);
  const recorderRef = useRef<RecorderLike | null>(null);
  const startedAtRef = useRef(0);
  const wasCappedRef = useRef(false);
  const nowRef = useRef(now);
  useEffect(() => {
    nowRef.current = now;
  });

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder !== null && recorder.state !== 'inactive') {
      setStatus('stopping');
      recorder.stop();
    }
  }, []);

  const start = useCallback(
    (stream: MediaStream) => {
      if (recorderRef.current !== null) {
        return;
      }
      setError(null);
      setTake(null);
      const chosenType = pickMimeType();
      let recorder: RecorderLike;
      try {
        recorder = createRecorder(stream, chosenType);
      } catch (caught) {
        setError(caught instanceof Error ? caught.message : 'The recording could not start.');
        return;
      }
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) {
          chunks.push(event.data);
        }
      };
      recorder.onerror = () => {
        setError('The recording stopped because of an error. Please record again.');
      };
      recorder.onstop = () => {
        recorderRef.current = null;
        const mimeType = getMimeEssence(recorder.mimeType || chosenType || 'video/webm');
        const blob = new Blob(chunks, { type: mimeType });
        const durationMs = nowRef.current() - startedAtRef.current;
        setElapsedMs(durationMs);
        setStatus('idle');
        if (blob.size === 0) {
          setError('Nothing was recorded. Check the camera and record again.');
          return;
        }
        setTake({
          blob,
          url: URL.createObjectURL(blob),
          mimeType,
          durationMs,
          wasCapped: wasCappedRef.current,
        });
      };
      try {
        recorder.start(TIMESLICE_MS);
      } catch (caught) {
        setError(caught instanceof Error ? caught.message : 'The recording could not start.');
        return;
      }
      recorderRef.current = recorder;
      startedAtRef.current = nowRef.current();
      wasCappedRef.current = false;
      setElapsedMs(0);
      setStatus('recording');
    },
    [createRecorder, pickMimeType],
  );

  useEffect(() => {
    if (status !== 'recording') {
      return;
    }
    const timer = setInterval(() => {
      const elapsed = nowRef.current() - startedAtRef.current;
      setElapsedMs(Math.min(elapsed, maxDurationMs));
      if (elapsed >= maxDurationMs) {
        wasCappedRef.current = true;
        stop();
      }
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [status, maxDurationMs, stop]);

  // The take's object URL lives exactly as long as the take.
  useEffect(() => {
    if (take === null) {
      return;
    }
    return () => URL.revokeObjectURL(take.url);
  }, [take]);

  // Leaving the tab mid-take drops it: nothing may still hold the camera afterwards.
  useEffect(
    () => () => {
      const recorder = recorderRef.current;
      if (recorder !== null) {
        recorder.onstop = null;
        recorder.ondataavailable = null;
        if (recorder.state !== 'inactive') {
          recorder.stop();
        }
        recorderRef.current = null;
      }
    },
    [],
  );

  const clearTake = useCallback(() => {
    setTake(null);
    setElapsedMs(0);
    setError(null);
  }, []);

  return {
    status,
    isRecording: status === 'recording',
    elapsedMs,
    take,
    error,
    start,
    stop,
    clearTake,
    isSupported: getMediaRecorderClass() !== undefined || createRecorder !== createBrowserRecorder,
  };
}
