import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SignInLink } from './silent-sign-in-check';

describe('SignInLink', () => {
  it('is a plain link to the hybrid sign-in once the silent check answered login-required', () => {
    const navigate = vi.fn();
    render(<SignInLink status="done" navigate={navigate} />);
    const link = screen.getByRole('link', { name: 'Sign in' });
    // Spec §4: after the silent check, "login-required with hybrid flow".
    expect(link).toHaveAttribute('href', '/api/auth/login?flow=hybrid');
    // The browser follows the link itself: the click is not held back.
    expect(fireEvent.click(link)).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('pressed during the silent check, waits for it, then signs in', () => {
    const navigate = vi.fn();
    const { rerender } = render(<SignInLink status="checking" navigate={navigate} />);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Sign in' }))).toBe(false);
    const waiting = screen.getByRole('link', { name: 'Signing in…' });
    expect(waiting).toHaveAttribute('aria-busy', 'true');
    expect(navigate).not.toHaveBeenCalled();

    rerender(<SignInLink status="done" navigate={navigate} />);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/api/auth/login?flow=hybrid');
  });

  it('also signs in when the check gave no answer in time', () => {
    const navigate = vi.fn();
    const { rerender } = render(<SignInLink status="checking" navigate={navigate} />);
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    rerender(<SignInLink status="unavailable" navigate={navigate} />);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/api/auth/login?flow=hybrid');
  });
});
