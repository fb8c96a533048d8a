import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it.each([
    [{}, 'Save changes', 'button', 'button-save-changes'],
    [{ type: 'submit' as const }, 'Send', 'submit', 'submit-send'],
    [{ type: 'reset' as const }, 'Clear all!', 'reset', 'reset-clear-all'],
  ])('%j "%s" has type %s and id %s', (props, text, type, id) => {
    render(<Button {...props}>{text}</Button>);
    const button = screen.getByRole('button', { name: text });
    expect(button).toHaveAttribute('type', type);
    expect(button).toHaveAttribute('id', id);
  });

  it('gives two buttons of the same type and text ids of their own, the first the built one (issue 44)', () => {
    const { rerender } = render(
      <>
        <Button type="submit">Add</Button>
        <Button type="submit">Add</Button>
        <Button type="submit">Add</Button>
      </>,
    );
    expect(screen.getAllByRole('button').map((button) => button.id)).toEqual([
      'submit-add',
      'submit-add-2',
      'submit-add-3',
    ]);
    // A button that leaves gives its id back to the next one.
    rerender(
      <>
        <Button type="submit">Add</Button>
      </>,
    );
    expect(screen.getByRole('button')).toHaveAttribute('id', 'submit-add');
  });

  it('builds the id from idText when the children are not plain text', () => {
    render(
      <Button idText="Next">
        Next <span aria-hidden="true">›</span>
      </Button>,
    );
    expect(screen.getByRole('button')).toHaveAttribute('id', 'button-next');
  });

  it('shows a spinner and takes no clicks while loading', async () => {
    const onClick = vi.fn();
    render(
      <Button variant="primary" isLoading onClick={onClick}>
        Send
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Send/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('takes the disabled look when disabled, whatever its variant', () => {
    const { rerender } = render(<Button variant="primary">Go</Button>);
    const enabledClass = screen.getByRole('button').className;
    rerender(
      <Button variant="primary" disabled>
        Go
      </Button>,
    );
    expect(screen.getByRole('button').className).not.toBe(enabledClass);
    expect(screen.getByRole('button').className).toContain('cursor-not-allowed');
  });
});
