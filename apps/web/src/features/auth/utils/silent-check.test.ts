import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_MESSAGE_TIMEOUT_MS } from '@conversa/contracts';
import {
  SILENT_CHECK_URL,
  canRunSilentCheck,
  startSilentCheck,
  type SilentCheckOutcome,
} from './silent-check';

const ORIGIN = 'https://studio.example';

function setup() {
  const frameWindow = { name: 'silent frame' };
  const frames: { src: string; isRemoved: boolean }[] = [];
  const listeners = new Set<(event: MessageEvent) => void>();
  const outcomes: SilentCheckOutcome[] = [];
  const cancel = startSilentCheck(
    {
      origin: ORIGIN,
      createFrame: (src) => {
        const frame = { src, isRemoved: false };
        frames.push(frame);
        return { contentWindow: frameWindow, remove: () => void (frame.isRemoved = true) };
      },
      addMessageListener: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    (outcome) => outcomes.push(outcome),
  );
  const post = (data: unknown, origin = ORIGIN, source: unknown = frameWindow) => {
    for (const listener of [...listeners]) {
      listener({ data, origin, source } as MessageEvent);
    }
  };
  return { frames, listeners, outcomes, cancel, post };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('startSilentCheck', () => {
  it('opens one hidden frame on the prompt=none login', () => {
    const { frames } = setup();
    expect(frames).toEqual([{ src: '/api/auth/login?prompt=none', isRemoved: false }]);
    expect(SILENT_CHECK_URL).toBe('/api/auth/login?prompt=none');
  });

  it.each(['signed-in', 'login-required'] as const)(
    'reports %s once and removes the frame and its listener',
    (result) => {
      const { frames, listeners, outcomes, post } = setup();
      post({ type: 'conversa-sso', result });
      post({ type: 'conversa-sso', result });
      vi.advanceTimersByTime(IDENTITY_MESSAGE_TIMEOUT_MS);
      expect(outcomes).toEqual([result]);
      expect(frames[0]!.isRemoved).toBe(true);
      expect(listeners.size).toBe(0);
    },
  );

  it('gives up at exactly 10 000 ms without an answer', () => {
    const { frames, outcomes } = setup();
    expect(IDENTITY_MESSAGE_TIMEOUT_MS).toBe(10_000);
    vi.advanceTimersByTime(9_999);
    expect(outcomes).toEqual([]);
    expect(frames[0]!.isRemoved).toBe(false);
    vi.advanceTimersByTime(1);
    expect(outcomes).toEqual(['timed-out']);
    expect(frames[0]!.isRemoved).toBe(true);
  });

  it.each([
    ['another origin', { type: 'conversa-sso', result: 'signed-in' }, 'https://evil.example'],
    ['another type', { type: 'something-else', result: 'signed-in' }, ORIGIN],
    ['an unknown result', { type: 'conversa-sso', result: 'maybe' }, ORIGIN],
    ['a string', 'conversa-sso signed-in', ORIGIN],
    ['null', null, ORIGIN],
  ])('ignores a message from %s', (_name, data, origin) => {
    const { outcomes, post } = setup();
    post(data, origin);
    expect(outcomes).toEqual([]);
    vi.advanceTimersByTime(IDENTITY_MESSAGE_TIMEOUT_MS);
    expect(outcomes).toEqual(['timed-out']);
  });

  it('ignores a same-origin message that does not come from its frame', () => {
    const { outcomes, post } = setup();
    post({ type: 'conversa-sso', result: 'signed-in' }, ORIGIN, { name: 'another window' });
    expect(outcomes).toEqual([]);
  });

  it('cancelling removes the frame and reports nothing, not even the time-out', () => {
    const { frames, listeners, outcomes, cancel, post } = setup();
    cancel();
    post({ type: 'conversa-sso', result: 'signed-in' });
    vi.advanceTimersByTime(IDENTITY_MESSAGE_TIMEOUT_MS);
    expect(outcomes).toEqual([]);
    expect(frames[0]!.isRemoved).toBe(true);
    expect(listeners.size).toBe(0);
  });
});

describe('canRunSilentCheck', () => {
  it.each([
    ['a plain visit', true, true, '', true],
    ['cookies disabled', false, true, '', false],
    ['inside a frame', true, false, '', false],
    ['after a failed sign-in', true, true, 'signInError=Nope', false],
    ['right after a sign-out', true, true, 'signedOut=1', false],
  ])('%s: %s', (_name, isCookieEnabled, isTopWindow, query, expected) => {
    expect(
      canRunSilentCheck({ isCookieEnabled, isTopWindow, searchParams: new URLSearchParams(query) }),
    ).toBe(expected);
  });
});
