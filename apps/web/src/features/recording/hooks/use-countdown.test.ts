import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useCountdown', () => {
  it('counts 3, 2, 1 a second apart, then fires once', () => {
    const onDone = vi.fn();
    const { result } = renderHook(() => useCountdown({ onDone }));
    expect(result.current.remaining).toBeNull();
    act(() => result.current.start());
    expect(result.current.remaining).toBe(3);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.remaining).toBe(2);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.remaining).toBe(1);
    expect(onDone).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.remaining).toBeNull();
    expect(result.current.isRunning).toBe(false);
    expect(onDone).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('never fires once cancelled', () => {
    const onDone = vi.fn();
    const { result } = renderHook(() => useCountdown({ onDone }));
    act(() => result.current.start());
    act(() => {
      vi.advanceTimersByTime(2500);
    });
    act(() => result.current.cancel());
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(result.current.remaining).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('calls the latest onDone', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ onDone }) => useCountdown({ onDone, seconds: 1 }), {
      initialProps: { onDone: first },
    });
    act(() => result.current.start());
    rerender({ onDone: second });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('stops ticking when unmounted', () => {
    const onDone = vi.fn();
    const { result, unmount } = renderHook(() => useCountdown({ onDone }));
    act(() => result.current.start());
    unmount();
    vi.advanceTimersByTime(5000);
    expect(onDone).not.toHaveBeenCalled();
  });
});
