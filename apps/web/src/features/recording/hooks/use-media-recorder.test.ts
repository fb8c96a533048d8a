import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  asMediaStream,
  FakeMediaRecorder,
  FakeStream,
  FakeTrack,
  installFakeRecorder,
} from '@/test/fake-media';
import { RECORDING_CAP_MS, useMediaRecorder } from './use-media-recorder';

const stream = asMediaStream(
  new FakeStream([new FakeTrack('video', 'cam'), new FakeTrack('audio', 'mic')]),
);
let clock = 0;
const now = () => clock;
let urls: ReturnType<typeof installFakeRecorder>;

beforeEach(() => {
  vi.useFakeTimers();
  clock = 0;
  urls = installFakeRecorder();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function advance(milliseconds: number) {
  clock += milliseconds;
  vi.advanceTimersByTime(milliseconds);
}

describe('useMediaRecorder', () => {
  it('records with the best supported type and chunks every second', () => {
    const { result } = renderHook(() => useMediaRecorder({ now }));
    expect(result.current.isSupported).toBe(true);
    act(() => result.current.start(stream));
    const recorder = FakeMediaRecorder.instances[0]!;
    expect(recorder.mimeType).toBe('video/webm;codecs=vp8,opus');
    expect(recorder.timeslice).toBe(1000);
    expect(result.current.status).toBe('recording');
  });

  it('shows the time while recording, and yields a playable take on stop', async () => {
    const { result } = renderHook(() => useMediaRecorder({ now }));
    act(() => result.current.start(stream));
    act(() => advance(2_250));
    expect(result.current.elapsedMs).toBe(2_250);
    await act(async () => {
      result.current.stop();
      await Promise.resolve();
    });
    expect(result.current.status).toBe('idle');
    const take = result.current.take!;
    expect(take.mimeType).toBe('video/webm');
    expect(take.blob.type).toBe('video/webm');
    expect(take.blob.size).toBeGreaterThan(0);
    expect(take.url).toBe('blob:take-1');
    expect(take.durationMs).toBe(2_250);
    expect(take.wasCapped).toBe(false);
  });

  it('stops by itself at the 10-minute cap of the server', async () => {
    expect(RECORDING_CAP_MS).toBe(600_000);
    const { result } = renderHook(() => useMediaRecorder({ now }));
    act(() => result.current.start(stream));
    act(() => advance(RECORDING_CAP_MS - 1_000));
    expect(result.current.status).toBe('recording');
    await act(async () => {
      advance(1_000);
      await Promise.resolve();
    });
    expect(result.current.status).toBe('idle');
    expect(result.current.take?.wasCapped).toBe(true);
    expect(result.current.elapsedMs).toBe(RECORDING_CAP_MS);
  });

  it('frees the take’s URL when the take is cleared', async () => {
    const { result } = renderHook(() => useMediaRecorder({ now }));
    act(() => result.current.start(stream));
    await act(async () => {
      result.current.stop();
      await Promise.resolve();
    });
    expect(urls.revokeObjectURL).not.toHaveBeenCalled();
    act(() => result.current.clearTake());
    expect(result.current.take).toBeNull();
    expect(urls.revokeObjectURL).toHaveBeenCalledWith('blob:take-1');
  });

  it('stops a running recorder when unmounted, without a take', async () => {
    const { result, unmount } = renderHook(() => useMediaRecorder({ now }));
    act(() => result.current.start(stream));
    const recorder = FakeMediaRecorder.instances[0]!;
    unmount();
    await Promise.resolve();
    expect(recorder.state).toBe('inactive');
    expect(urls.createObjectURL).not.toHaveBeenCalled();
  });

  it('says so when nothing was recorded', async () => {
    class EmptyRecorder extends FakeMediaRecorder {
      override stop(): void {
        this.state = 'inactive';
        void Promise.resolve().then(() => this.onstop?.());
      }
    }
    const { result } = renderHook(() =>
      useMediaRecorder({
        now,
        createRecorder: (s, type) => new EmptyRecorder(s, { mimeType: type }),
      }),
    );
    act(() => result.current.start(stream));
    await act(async () => {
      result.current.stop();
      await Promise.resolve();
    });
    expect(result.current.take).toBeNull();
    expect(result.current.error).toBe('Nothing was recorded. Check the camera and record again.');
  });

  it('reports a recorder that cannot start', () => {
    const { result } = renderHook(() =>
      useMediaRecorder({
        now,
        createRecorder: () => {
          throw new Error('NotSupportedError: no encoder');
        },
      }),
    );
    act(() => result.current.start(stream));
    expect(result.current.status).toBe('idle');
    expect(result.current.error).toBe('NotSupportedError: no encoder');
  });

  it('knows when the browser has no MediaRecorder', () => {
    vi.stubGlobal('MediaRecorder', undefined);
    const { result } = renderHook(() => useMediaRecorder({ now }));
    expect(result.current.isSupported).toBe(false);
  });
});
