import { useCallback, useEffect, useState } from 'react';
import {
  CAMERA_STORAGE_KEY,
  listDeviceOptions,
  MICROPHONE_STORAGE_KEY,
  readStoredDeviceId,
  writeStoredDeviceId,
  type MediaDeviceOption,
} from '../utils/devices';

/**
 * The cameras and microphones, and the chosen ones (kept in local storage). Lists again when
 * devices come and go, and on `refresh`: labels only appear once the browser was allowed to
 * use a device, so call it when the stream starts.
 */
export function useMediaDevices() {
  const [devices, setDevices] = useState<{
    cameras: MediaDeviceOption[];
    microphones: MediaDeviceOption[];
  }>({ cameras: [], microphones: [] });
  const [cameraId, setCameraId] = useState(() =>
    readStoredDeviceId(localStorage, CAMERA_STORAGE_KEY),
  );
  const [microphoneId, setMicrophoneId] = useState(() =>
    readStoredDeviceId(localStorage, MICROPHONE_STORAGE_KEY),
  );

  const refresh = useCallback(() => {
    const mediaDevices = navigator.mediaDevices as MediaDevices | undefined;
    if (typeof mediaDevices?.enumerateDevices !== 'function') {
      return;
    }
    mediaDevices.enumerateDevices().then(
      (found) =>
        setDevices({
          cameras: listDeviceOptions(found, 'videoinput'),
          microphones: listDeviceOptions(found, 'audioinput'),
        }),
      () => undefined,
    );
  }, []);

  useEffect(() => {
    const mediaDevices = navigator.mediaDevices as MediaDevices | undefined;
    refresh();
    mediaDevices?.addEventListener('devicechange', refresh);
    return () => mediaDevices?.removeEventListener('devicechange', refresh);
  }, [refresh]);

  const selectCamera = useCallback((deviceId: string) => {
    writeStoredDeviceId(localStorage, CAMERA_STORAGE_KEY, deviceId);
    setCameraId(deviceId);
  }, []);
  const selectMicrophone = useCallback((deviceId: string) => {
    writeStoredDeviceId(localStorage, MICROPHONE_STORAGE_KEY, deviceId);
    setMicrophoneId(deviceId);
  }, []);

  return { ...devices, cameraId, microphoneId, selectCamera, selectMicrophone, refresh };
}
