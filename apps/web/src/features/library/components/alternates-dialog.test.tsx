import type { LibraryQuestion } from '@conversa/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AlternatesDialog } from './alternates-dialog';

const AT = '2026-01-05T10:00:00.000Z';
const question: LibraryQuestion = {
  id: '0b5d7c1e-2222-4000-8000-000000000001',
  namespaceId: '0b5d7c1e-2222-4000-8000-000000000002',
  topicId: '0b5d7c1e-2222-4000-8000-000000000003',
  topicName: 'Music',
  text: 'Which instrument do you play?',
  alternates: [],
  position: 0,
  createdAt: AT,
  updatedAt: AT,
  deletedAt: null,
  createdBy: null,
  updatedBy: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

// Issue 15, defect 9: "Do you make music?" typed twice was saved once, without a word.
describe('AlternatesDialog', () => {
  it('names a repeated phrasing and saves nothing until it is changed', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_input: string, init?: RequestInit) => {
        const body = JSON.parse(init?.body as string) as { alternates: string[] };
        sent.push(body);
        return Promise.resolve(Response.json({ ...question, alternates: body.alternates }));
      }),
    );
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    renderWithProviders(<AlternatesDialog question={question} onClose={onClose} />);
    const field = screen.getByLabelText('Other ways visitors may ask this');
    await user.type(field, 'Do you make music?{Enter}What do you play?{Enter}do you make music');
    await user.click(screen.getByRole('button', { name: 'Save phrasings' }));
    const message = '"do you make music" is already an alternate phrasing of this question.';
    expect(field).toHaveAccessibleDescription(message);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, 'Do you make music?{Enter}{Enter}What do you play?');
    await user.click(screen.getByRole('button', { name: 'Save phrasings' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ alternates: ['Do you make music?', 'What do you play?'] }]);
  }, 30_000);
});
