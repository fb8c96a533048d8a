import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, notifyCurrentUserUpdated, UserAvatar } from './avatar';

const LOGO = '/logo.svg';

describe('Avatar (spec §3)', () => {
  it.each([
    ['missing', undefined, LOGO],
    ['empty', '', LOGO],
    ['containing undefined', '/avatar/undefined/type/user', LOGO],
    ['a picture', '/pictures/ada.png', '/pictures/ada.png'],
  ])('with a %s source shows the right image', (_name, src, shown) => {
    render(<Avatar src={src} alt="Ada" />);
    expect(screen.getByRole('img', { name: 'Ada' })).toHaveAttribute('src', shown);
  });

  it('falls back to the product logo when the picture fails to load, and tries a new source', () => {
    const { rerender } = render(<Avatar src="/pictures/broken.png" alt="Ada" />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByRole('img')).toHaveAttribute('src', LOGO);
    rerender(<Avatar src="/pictures/new.png" alt="Ada" />);
    expect(screen.getByRole('img')).toHaveAttribute('src', '/pictures/new.png');
  });

  it.each([
    [true, 'green', 'Active'],
    [false, 'grey', 'Inactive'],
  ])('active=%s shows a %s dot', (isActive, color, label) => {
    render(<Avatar src="/a.png" alt="" isActive={isActive} />);
    const dot = screen.getByTestId('avatar-active-dot');
    expect(dot).toHaveAttribute('data-color', color);
    expect(dot).toHaveTextContent(label);
  });

  it('shows no dot without an active flag', () => {
    render(<Avatar src="/a.png" alt="" />);
    expect(screen.queryByTestId('avatar-active-dot')).not.toBeInTheDocument();
  });
});

describe('UserAvatar', () => {
  it('loads /avatar/{iam}/type/user and reloads when the current user is updated', async () => {
    render(<UserAvatar iam="user-1" alt="Me" />);
    const first = screen.getByRole('img').getAttribute('src')!;
    expect(first).toMatch(/^\/avatar\/user-1\/type\/user\?timestamp=\d+$/);
    await new Promise((resolve) => setTimeout(resolve, 5));
    act(() => notifyCurrentUserUpdated());
    const second = screen.getByRole('img').getAttribute('src')!;
    expect(second).toMatch(/^\/avatar\/user-1\/type\/user\?timestamp=\d+$/);
    expect(second).not.toBe(first);
  });
});
