import { useEffect } from 'react';
import { getRecordingPhase } from '../utils/studio-state';
import { useAudioLevel } from './use-audio-level';
import { useCountdown } from './use-countdown';
import { useMediaDevices } from './use-media-devices';
import { useMediaRecorder } from './use-media-recorder';
import { useMediaStream } from './use-media-stream';

/**
 * The camera side of the record tab: the chosen devices and their live stream (only while
 * `isEnabled`, so a viewer's camera never turns on), the microphone level, the 3-2-1 countdown
 * that starts the recorder, and the phase they add up to.
 */
export function useRecordingStudio(isEnabled: boolean) {
  const devices = useMediaDevices();
  const media = useMediaStream({
    cameraId: devices.cameraId,
    microphoneId: devices.microphoneId,
    isEnabled,
  });
  // Device labels appear only once the browser has been allowed to use them.
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

  const phase = getRecordingPhase({
    isCountingDown: countdown.isRunning,
    isRecorderBusy: recorder.status !== 'idle',
    hasTake: recorder.take !== null,
  });
  const canRecord = media.status === 'ready' && media.stream !== null && recorder.isSupported;
  return { devices, media, level, recorder, countdown, phase, canRecord };
}

export type RecordingStudio = ReturnType<typeof useRecordingStudio>;
