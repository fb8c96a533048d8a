import { vi } from 'vitest';

/**
 * Small fakes of the browser's capture APIs, which jsdom lacks: tracks, streams, getUserMedia,
 * enumerateDevices and MediaRecorder. Install them per test and restore with `vi.unstubAllGlobals`.
 */
export class FakeTrack {
  readyState: 'live' | 'ended' = 'live';
  private readonly listeners = new Map<string, (() => void)[]>();
  constructor(
    readonly kind: 'video' | 'audio',
    readonly deviceId: string,
  ) {}
  stop(): void {
    this.readyState = 'ended';
  }
  getSettings(): { deviceId: string } {
    return { deviceId: this.deviceId };
  }
  addEventListener(type: string, listener: () => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener(): void {}
  /** What the browser does when the device goes away. */
  end(): void {
    this.readyState = 'ended';
    for (const listener of this.listeners.get('ended') ?? []) {
      listener();
    }
  }
}

export class FakeStream {
  constructor(readonly tracks: FakeTrack[]) {}
  getTracks(): FakeTrack[] {
    return this.tracks;
  }
  getVideoTracks(): FakeTrack[] {
    return this.tracks.filter((track) => track.kind === 'video');
  }
  getAudioTracks(): FakeTrack[] {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
}

export function asMediaStream(stream: FakeStream): MediaStream {
  return stream as unknown as MediaStream;
}

export const FAKE_DEVICES = [
  { deviceId: 'cam-1', kind: 'videoinput', label: 'Front camera', groupId: 'a' },
  { deviceId: 'cam-2', kind: 'videoinput', label: 'Desk camera', groupId: 'b' },
  { deviceId: 'mic-1', kind: 'audioinput', label: 'Built-in microphone', groupId: 'a' },
  { deviceId: 'spk-1', kind: 'audiooutput', label: 'Speakers', groupId: 'a' },
] as const;

/**
 * Installs `navigator.mediaDevices`: getUserMedia answers a stream of the asked devices (or
 * rejects with `failWith`), and every stream handed out is kept in `streams`.
 */
export function installFakeMediaDevices({ failWith }: { failWith?: { name: string } } = {}) {
  const streams: FakeStream[] = [];
  const getUserMedia = vi.fn((constraints: MediaStreamConstraints) => {
    if (failWith !== undefined) {
      return Promise.reject(Object.assign(new Error(failWith.name), failWith));
    }
    const pick = (value: MediaStreamConstraints['video'], fallback: string) => {
      const deviceId = typeof value === 'object' ? value.deviceId : undefined;
      return typeof deviceId === 'object' && deviceId !== null && 'ideal' in deviceId
        ? String(deviceId.ideal)
        : fallback;
    };
    const stream = new FakeStream([
      new FakeTrack('video', pick(constraints.video, 'cam-1')),
      new FakeTrack('audio', pick(constraints.audio, 'mic-1')),
    ]);
    streams.push(stream);
    return Promise.resolve(asMediaStream(stream));
  });
  const enumerateDevices = vi.fn(() =>
    Promise.resolve(FAKE_DEVICES.map((device) => ({ ...device }))),
  );
  const mediaDevices = {
    getUserMedia,
    enumerateDevices,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  Object.defineProperty(navigator, 'mediaDevices', { value: mediaDevices, configurable: true });
  return { streams, getUserMedia, enumerateDevices };
}

export function uninstallFakeMediaDevices(): void {
  Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
}

/** A MediaRecorder that records one small chunk; `instances` lists every recorder made. */
export class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  /** What a camera recording supports; installFakeRecorder puts it back (files share a worker). */
  static readonly DEFAULT_SUPPORTED_TYPES: readonly string[] = [
    'video/webm;codecs=vp8,opus',
    'video/webm',
  ];
  static supportedTypes: readonly string[] = FakeMediaRecorder.DEFAULT_SUPPORTED_TYPES;
  static isTypeSupported(type: string): boolean {
    return FakeMediaRecorder.supportedTypes.includes(type);
  }
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  readonly mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  timeslice: number | undefined;
  constructor(
    readonly stream: MediaStream,
    options: { mimeType?: string } = {},
  ) {
    this.mimeType = options.mimeType ?? 'video/webm';
    FakeMediaRecorder.instances.push(this);
  }
  start(timeslice?: number): void {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  /** Like the browser: the data so far, after the call returns. */
  requestData(): void {
    void Promise.resolve().then(() => {
      this.ondataavailable?.({ data: new Blob(['take-part'], { type: this.mimeType }) });
    });
  }
  stop(): void {
    this.state = 'inactive';
    // Like the browser: the last data, then stop, both after the call returns.
    void Promise.resolve().then(() => {
      this.ondataavailable?.({ data: new Blob(['take-bytes'], { type: this.mimeType }) });
      this.onstop?.();
    });
  }
}

/** Installs MediaRecorder and object URLs (jsdom has neither). */
export function installFakeRecorder() {
  FakeMediaRecorder.instances = [];
  // Test files run in one worker without isolation: a file that chose other types (the spoken
  // question's audio) must not leave them to the next.
  FakeMediaRecorder.supportedTypes = FakeMediaRecorder.DEFAULT_SUPPORTED_TYPES;
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  let next = 0;
  const createObjectURL = vi.fn(() => {
    next += 1;
    return `blob:take-${next}`;
  });
  const revokeObjectURL = vi.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  return { createObjectURL, revokeObjectURL };
}
