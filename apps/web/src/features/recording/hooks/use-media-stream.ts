import { useCallback, useEffect, useState } from 'react';
import { buildMediaConstraints } from '../utils/devices';
import { classifyMediaError, type MediaProblem } from '../utils/media-errors';

export type MediaStreamStatus = 'idle' | 'starting' | 'ready' | 'error';

/** Stops every track, which turns the camera light off. */
export function stopMediaStream(stream: MediaStream): void {
  for (const track of stream.getTracks()) {
    track.stop();
  }
}

function canCapture(): boolean {
  const mediaDevices = navigator.mediaDevices as MediaDevices | undefined;
  return typeof mediaDevices?.getUserMedia === 'function';
}

/**
 * The camera and microphone stream for the chosen devices. A new choice (or `retry`) stops the
 * old stream and asks again; unmounting or `isEnabled` false stops the tracks.
 */
export function useMediaStream({
  cameraId,
  microphoneId,
  isEnabled,
}: {
  cameraId: string;
  microphoneId: string;
  isEnabled: boolean;
}): {
  stream: MediaStream | null;
  status: MediaStreamStatus;
  problem: MediaProblem | null;
  retry: () => void;
} {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{
    key: string;
    stream: MediaStream | null;
    problem: MediaProblem | null;
  } | null>(null);
  const isSupported = canCapture();
  const key = `${cameraId}|${microphoneId}|${attempt}`;

  useEffect(() => {
    if (!isEnabled || !isSupported) {
      return;
    }
    let isCurrent = true;
    let acquired: MediaStream | null = null;
    navigator.mediaDevices.getUserMedia(buildMediaConstraints(cameraId, microphoneId)).then(
      (stream) => {
        if (!isCurrent) {
          stopMediaStream(stream);
          return;
        }
        acquired = stream;
        // A camera unplugged (or taken by the system) ends its track: say so instead of freezing.
        for (const track of stream.getTracks()) {
          track.addEventListener('ended', () => {
            if (isCurrent) {
              setResult({ key, stream: null, problem: 'not-found' });
            }
          });
        }
        setResult({ key, stream, problem: null });
      },
      (error: unknown) => {
        if (isCurrent) {
          setResult({ key, stream: null, problem: classifyMediaError(error) });
        }
      },
    );
    return () => {
      isCurrent = false;
      if (acquired !== null) {
        stopMediaStream(acquired);
      }
    };
  }, [cameraId, microphoneId, isEnabled, isSupported, key]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  if (!isEnabled) {
    return { stream: null, status: 'idle', problem: null, retry };
  }
  if (!isSupported) {
    return { stream: null, status: 'error', problem: 'unsupported', retry };
  }
  if (result === null || result.key !== key) {
    return { stream: null, status: 'starting', problem: null, retry };
  }
  return {
    stream: result.stream,
    status: result.problem === null ? 'ready' : 'error',
    problem: result.problem,
    retry,
  };
}
