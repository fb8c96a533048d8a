import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeMediaDevices, uninstallFakeMediaDevices } from '@/test/fake-media';
import { useMediaStream } from './use-media-stream';

afterEach(() => {
  uninstallFakeMediaDevices();
});

describe('useMediaStream', () => {
  it('starts the chosen devices and stops them when unmounted', async () => {
    const fake = installFakeMediaDevices();
    const { result, unmount } = renderHook(() =>
      useMediaStream({ cameraId: 'cam-2', microphoneId: '', isEnabled: true }),
    );
    expect(result.current.status).toBe('starting');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.stream?.getVideoTracks()[0]?.getSettings().deviceId).toBe('cam-2');
    unmount();
    expect(fake.streams[0]!.getTracks().map((track) => track.readyState)).toEqual([
      'ended',
      'ended',
    ]);
  });

  it('switching the camera stops the old stream and starts a new one', async () => {
    const fake = installFakeMediaDevices();
    const { result, rerender } = renderHook(
      ({ cameraId }) => useMediaStream({ cameraId, microphoneId: 'mic-1', isEnabled: true }),
      { initialProps: { cameraId: 'cam-1' } },
    );
    await waitFor(() => expect(result.current.status).toBe('ready'));
    rerender({ cameraId: 'cam-2' });
    await waitFor(() =>
      expect(result.current.stream?.getVideoTracks()[0]?.getSettings().deviceId).toBe('cam-2'),
    );
    expect(fake.streams).toHaveLength(2);
    expect(fake.streams[0]!.getTracks().every((track) => track.readyState === 'ended')).toBe(true);
    expect(fake.streams[1]!.getTracks().every((track) => track.readyState === 'live')).toBe(true);
  });

  it('does not ask for the camera while disabled', () => {
    const fake = installFakeMediaDevices();
    const { result } = renderHook(() =>
      useMediaStream({ cameraId: '', microphoneId: '', isEnabled: false }),
    );
    expect(result.current.status).toBe('idle');
    expect(fake.getUserMedia).not.toHaveBeenCalled();
  });

  it('tells a refused permission apart, and asks again on retry', async () => {
    const fake = installFakeMediaDevices({ failWith: { name: 'NotAllowedError' } });
    const { result } = renderHook(() =>
      useMediaStream({ cameraId: '', microphoneId: '', isEnabled: true }),
    );
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.problem).toBe('denied');
    act(() => result.current.retry());
    expect(result.current.status).toBe('starting');
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(fake.getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('reports no device', async () => {
    installFakeMediaDevices({ failWith: { name: 'NotFoundError' } });
    const { result } = renderHook(() =>
      useMediaStream({ cameraId: '', microphoneId: '', isEnabled: true }),
    );
    await waitFor(() => expect(result.current.problem).toBe('not-found'));
  });

  it('reports a camera that goes away', async () => {
    const fake = installFakeMediaDevices();
    const { result } = renderHook(() =>
      useMediaStream({ cameraId: '', microphoneId: '', isEnabled: true }),
    );
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => fake.streams[0]!.getVideoTracks()[0]!.end());
    expect(result.current.status).toBe('error');
    expect(result.current.problem).toBe('not-found');
  });

  it('says the browser cannot capture when it has no mediaDevices', () => {
    uninstallFakeMediaDevices();
    const { result } = renderHook(() =>
      useMediaStream({ cameraId: '', microphoneId: '', isEnabled: true }),
    );
    expect(result.current).toMatchObject({ status: 'error', problem: 'unsupported' });
  });
});
