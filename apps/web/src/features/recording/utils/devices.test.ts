import { describe, expect, it } from 'vitest';
import {
  buildMediaConstraints,
  CAMERA_STORAGE_KEY,
  listDeviceOptions,
  pickShownDeviceId,
  readStoredDeviceId,
  resolveDeviceId,
  writeStoredDeviceId,
} from './devices';

const devices = [
  { deviceId: 'cam-a', kind: 'videoinput', label: 'FaceTime HD Camera' },
  { deviceId: 'mic-a', kind: 'audioinput', label: '' },
  { deviceId: 'cam-b', kind: 'videoinput', label: ' ' },
  { deviceId: 'cam-a', kind: 'videoinput', label: 'FaceTime HD Camera' },
  { deviceId: '', kind: 'videoinput', label: '' },
  { deviceId: 'out', kind: 'audiooutput', label: 'Speakers' },
] as const;

describe('listDeviceOptions', () => {
  it('lists cameras once each, numbering the unnamed ones, skipping hidden ids', () => {
    expect(listDeviceOptions(devices, 'videoinput')).toEqual([
      { deviceId: 'cam-a', label: 'FaceTime HD Camera' },
      { deviceId: 'cam-b', label: 'Camera 2' },
    ]);
    expect(listDeviceOptions(devices, 'audioinput')).toEqual([
      { deviceId: 'mic-a', label: 'Microphone 1' },
    ]);
  });
});

describe('resolveDeviceId', () => {
  const options = [{ deviceId: 'cam-a', label: 'A' }];
  it('keeps a stored device that is still there, else the default', () => {
    expect(resolveDeviceId(options, 'cam-a')).toBe('cam-a');
    expect(resolveDeviceId(options, 'unplugged')).toBe('');
    expect(resolveDeviceId([], '')).toBe('');
  });
});

describe('pickShownDeviceId', () => {
  const options = [
    { deviceId: 'cam-a', label: 'A' },
    { deviceId: 'cam-b', label: 'B' },
  ];
  it.each([
    ['the device in use', 'cam-b', 'cam-a', 'cam-b'],
    ['the chosen one before the stream runs', '', 'cam-b', 'cam-b'],
    ['the chosen one when the one in use is not listed', 'virtual', 'cam-b', 'cam-b'],
    ['the first one without a choice', '', '', 'cam-a'],
    ['the first one when the choice was unplugged', '', 'unplugged', 'cam-a'],
  ])('shows %s', (_case, activeId, chosenId, expected) => {
    expect(pickShownDeviceId(options, activeId, chosenId)).toBe(expected);
  });

  it('shows nothing without devices', () => {
    expect(pickShownDeviceId([], 'cam-a', 'cam-b')).toBe('');
  });
});

describe('stored choice', () => {
  it('round-trips through storage and forgets on an empty choice', () => {
    writeStoredDeviceId(localStorage, CAMERA_STORAGE_KEY, 'cam-b');
    expect(localStorage.getItem('conversa.recording.cameraId')).toBe('cam-b');
    expect(readStoredDeviceId(localStorage, CAMERA_STORAGE_KEY)).toBe('cam-b');
    writeStoredDeviceId(localStorage, CAMERA_STORAGE_KEY, '');
    expect(readStoredDeviceId(localStorage, CAMERA_STORAGE_KEY)).toBe('');
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(readStoredDeviceId(broken, CAMERA_STORAGE_KEY)).toBe('');
    expect(() => writeStoredDeviceId(broken, CAMERA_STORAGE_KEY, 'x')).not.toThrow();
  });
});

describe('buildMediaConstraints', () => {
  it('asks for the chosen devices as ideal, so an unplugged one falls back', () => {
    const constraints = buildMediaConstraints('cam-a', 'mic-a');
    expect(constraints.video).toMatchObject({
      deviceId: { ideal: 'cam-a' },
      width: { ideal: 1280 },
    });
    expect(constraints.audio).toMatchObject({ deviceId: { ideal: 'mic-a' } });
  });

  it('names no device for the default', () => {
    const constraints = buildMediaConstraints('', '');
    expect(constraints.video).not.toHaveProperty('deviceId');
    expect(constraints.audio).not.toHaveProperty('deviceId');
  });
});
