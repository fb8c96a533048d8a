import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeMediaDevices, uninstallFakeMediaDevices } from '@/test/fake-media';
import { useMediaDevices } from './use-media-devices';

afterEach(() => {
  uninstallFakeMediaDevices();
});

describe('useMediaDevices', () => {
  it('lists cameras and microphones, not speakers', async () => {
    installFakeMediaDevices();
    const { result } = renderHook(() => useMediaDevices());
    await waitFor(() => expect(result.current.cameras).toHaveLength(2));
    expect(result.current.cameras.map((camera) => camera.label)).toEqual([
      'Front camera',
      'Desk camera',
    ]);
    expect(result.current.microphones).toEqual([
      { deviceId: 'mic-1', label: 'Built-in microphone' },
    ]);
  });

  it('keeps the choice in local storage for the next visit', async () => {
    installFakeMediaDevices();
    const { result, unmount } = renderHook(() => useMediaDevices());
    act(() => result.current.selectCamera('cam-2'));
    act(() => result.current.selectMicrophone('mic-1'));
    expect(result.current.cameraId).toBe('cam-2');
    unmount();
    const again = renderHook(() => useMediaDevices());
    expect(again.result.current.cameraId).toBe('cam-2');
    expect(again.result.current.microphoneId).toBe('mic-1');
    await waitFor(() => expect(again.result.current.cameras).toHaveLength(2));
  });

  it('lists again on refresh and listens for devices coming and going', async () => {
    const fake = installFakeMediaDevices();
    const { result } = renderHook(() => useMediaDevices());
    await waitFor(() => expect(fake.enumerateDevices).toHaveBeenCalledTimes(1));
    act(() => result.current.refresh());
    expect(fake.enumerateDevices).toHaveBeenCalledTimes(2);
    expect(navigator.mediaDevices.addEventListener).toHaveBeenCalledWith(
      'devicechange',
      expect.any(Function),
    );
  });

  it('lists nothing where the browser cannot', () => {
    uninstallFakeMediaDevices();
    const { result } = renderHook(() => useMediaDevices());
    expect(result.current.cameras).toEqual([]);
  });
});
