import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_MESSAGE_TIMEOUT_MS } from '@conversa/contracts';
import { SilentCheckProgress, SilentCheckWarning } from '../components/silent-sign-in-check';
import { useSilentCheck } from './use-silent-check';

function Harness({
  isEnabled,
  navigate,
  hasSession = () => Promise.resolve(true),
}: {
  isEnabled: boolean;
  navigate: (url: string) => void;
  hasSession?: () => Promise<boolean>;
}) {
  const status = useSilentCheck({ isEnabled, navigate, hasSession });
  return (
    <>
      <SilentCheckProgress status={status} />
      <SilentCheckWarning status={status} />
      <a href="/api/auth/login">Sign in</a>
    </>
  );
}

function silentFrame() {
  return document.querySelector<HTMLIFrameElement>('iframe[title="Single sign-on check"]');
}

function postFromFrame(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data, origin, source: silentFrame()!.contentWindow }),
    );
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useSilentCheck in the browser', () => {
  it('runs a hidden, titled frame while a status says so, and Sign in stays usable', () => {
    render(<Harness isEnabled navigate={vi.fn()} />);
    const frame = silentFrame();
    expect(frame).not.toBeNull();
    expect(frame!.getAttribute('src')).toBe('/api/auth/login?prompt=none');
    expect(frame!.getAttribute('aria-hidden')).toBe('true');
    expect(frame!.tabIndex).toBe(-1);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Checking whether you are already signed in…',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  it('goes to /dashboard when the frame says signed-in and the session is there', async () => {
    const navigate = vi.fn();
    render(<Harness isEnabled navigate={navigate} />);
    postFromFrame({ type: 'conversa-sso', result: 'signed-in' });
    await act(async () => {
      await Promise.resolve();
    });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/dashboard');
  });

  it('warns instead of looping when the signed-in frame left no session cookie behind', async () => {
    const navigate = vi.fn();
    render(<Harness isEnabled navigate={navigate} hasSession={() => Promise.resolve(false)} />);
    postFromFrame({ type: 'conversa-sso', result: 'signed-in' });
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Automatic sign-in is not available, probably because this browser blocks third-party cookies.',
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on login-required removes the frame and leaves the page as it is', () => {
    const navigate = vi.fn();
    render(<Harness isEnabled navigate={navigate} />);
    postFromFrame({ type: 'conversa-sso', result: 'login-required' });
    expect(silentFrame()).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(IDENTITY_MESSAGE_TIMEOUT_MS);
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('warns after 10 s without an answer, ignoring messages from elsewhere', () => {
    const navigate = vi.fn();
    render(<Harness isEnabled navigate={navigate} />);
    postFromFrame({ type: 'conversa-sso', result: 'signed-in' }, 'https://evil.example');
    postFromFrame({ type: 'other', result: 'signed-in' });
    act(() => {
      vi.advanceTimersByTime(IDENTITY_MESSAGE_TIMEOUT_MS - 1);
    });
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Warning! Automatic sign-in is not available, probably because this browser blocks third-party cookies. Signing in with the Sign in button still works.',
    );
    expect(silentFrame()).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does nothing while not enabled', () => {
    render(<Harness isEnabled={false} navigate={vi.fn()} />);
    expect(silentFrame()).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
