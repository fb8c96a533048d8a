import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Alert } from './alert';

describe('Alert', () => {
  it.each([
    ['warning', 'alert', 'Warning! Your session ends soon.'],
    ['error', 'alert', 'Error! Your session ends soon.'],
    ['success', 'status', 'Success! Your session ends soon.'],
  ] as const)('a %s banner is a %s reading "%s"', (kind, role, text) => {
    render(<Alert kind={kind}>Your session ends soon.</Alert>);
    expect(screen.getByRole(role)).toHaveTextContent(text);
  });
});
