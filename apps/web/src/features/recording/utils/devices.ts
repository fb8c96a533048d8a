export const CAMERA_STORAGE_KEY = 'conversa.recording.cameraId';
export const MICROPHONE_STORAGE_KEY = 'conversa.recording.microphoneId';

/** A camera or microphone as the device selects list it. */
export interface MediaDeviceOption {
  deviceId: string;
  label: string;
}

/**
 * The cameras or microphones among `devices`, labelled. Before permission is granted browsers
 * hide labels (and sometimes ids), so unnamed devices are numbered.
 */
export function listDeviceOptions(
  devices: readonly Pick<MediaDeviceInfo, 'deviceId' | 'kind' | 'label'>[],
  kind: 'videoinput' | 'audioinput',
): MediaDeviceOption[] {
  const noun = kind === 'videoinput' ? 'Camera' : 'Microphone';
  const seen = new Set<string>();
  const options: MediaDeviceOption[] = [];
  for (const device of devices) {
    if (device.kind !== kind || device.deviceId === '' || seen.has(device.deviceId)) {
      continue;
    }
    seen.add(device.deviceId);
    options.push({
      deviceId: device.deviceId,
      label: device.label.trim() || `${noun} ${options.length + 1}`,
    });
  }
  return options;
}

/** The stored choice while that device is still there; otherwise '' (the browser's default). */
export function resolveDeviceId(options: readonly MediaDeviceOption[], stored: string): string {
  return options.some((option) => option.deviceId === stored) ? stored : '';
}

/**
 * The device a select shows: the one the live stream really uses, else the chosen one, else the
 * first listed. The browser may honour an `ideal` choice with another device, and the select must
 * not claim a device that is not in use.
 */
export function pickShownDeviceId(
  options: readonly MediaDeviceOption[],
  activeId: string,
  chosenId: string,
): string {
  return (
    resolveDeviceId(options, activeId) ||
    resolveDeviceId(options, chosenId) ||
    (options[0]?.deviceId ?? '')
  );
}

/** Reads a stored device id; storage can be unavailable (private modes, quotas). */
export function readStoredDeviceId(storage: Storage, key: string): string {
  try {
    return storage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

export function writeStoredDeviceId(storage: Storage, key: string, deviceId: string): void {
  try {
    if (deviceId === '') {
      storage.removeItem(key);
    } else {
      storage.setItem(key, deviceId);
    }
  } catch {
    // The choice then lasts for this visit only.
  }
}

/**
 * Constraints for `getUserMedia`. `ideal` rather than `exact`: a stored camera that was
 * unplugged falls back to another one instead of failing.
 */
export function buildMediaConstraints(
  cameraId: string,
  microphoneId: string,
): MediaStreamConstraints {
  return {
    video: {
      ...(cameraId === '' ? {} : { deviceId: { ideal: cameraId } }),
      width: { ideal: 1280 },
      height: { ideal: 720 },
      frameRate: { ideal: 30 },
    },
    audio: {
      ...(microphoneId === '' ? {} : { deviceId: { ideal: microphoneId } }),
      echoCancellation: true,
      noiseSuppression: true,
    },
  };
}
