import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './toast';

function Trigger({ message }: { message: string }) {
  const { showToast } = useToast();
  return (
    <button type="button" onClick={() => showToast({ kind: 'success', message })}>
      show
    </button>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('appear in the bottom-right notifications region and close themselves after 3000 ms', () => {
    render(
      <ToastProvider>
        <Trigger message="Saved." />
      </ToastProvider>,
    );
    act(() => {
      screen.getByRole('button', { name: 'show' }).click();
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveClass('fixed', 'right-4', 'bottom-4');
    expect(region).toHaveTextContent('Saved.');
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(region).toHaveTextContent('Saved.');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(region).not.toHaveTextContent('Saved.');
  });

  it('each keep their own 3000 ms and can be dismissed early', () => {
    render(
      <ToastProvider>
        <Trigger message="First." />
      </ToastProvider>,
    );
    const region = screen.getByRole('region', { name: 'Notifications' });
    act(() => {
      screen.getByRole('button', { name: 'show' }).click();
    });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    act(() => {
      screen.getByRole('button', { name: 'show' }).click();
    });
    expect(screen.getAllByText('First.')).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getAllByText('First.')).toHaveLength(1);
    act(() => {
      screen.getByRole('button', { name: 'Dismiss notification' }).click();
    });
    expect(region).not.toHaveTextContent('First.');
  });

  it('offer an action button that runs once and closes the toast', () => {
    const onUndo = vi.fn();
    function UndoTrigger() {
      const { showToast } = useToast();
      return (
        <button
          type="button"
          onClick={() =>
            showToast({ message: 'Deleted.', action: { label: 'Undo', onClick: onUndo } })
          }
        >
          delete
        </button>
      );
    }
    render(
      <ToastProvider>
        <UndoTrigger />
      </ToastProvider>,
    );
    act(() => {
      screen.getByRole('button', { name: 'delete' }).click();
    });
    act(() => {
      screen.getByRole('button', { name: 'Undo' }).click();
    });
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('region', { name: 'Notifications' })).not.toHaveTextContent('Deleted.');
  });
});
