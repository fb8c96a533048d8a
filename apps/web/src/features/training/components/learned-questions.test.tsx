import type { LearnedQuestion, LearnedQuestionList } from '@conversa/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { LEARNED_COUNTS_NOTE, LearnedQuestions } from './learned-questions';

const STORYFILE = '66666666-6666-4666-8666-666666666666';
const LABEL = '77777777-7777-4777-8777-777777777777';
const AT = '2026-11-21T17:04:00.000Z';

const learned: LearnedQuestion = {
  id: LABEL,
  text: 'a film you love',
  questionId: '88888888-8888-4888-8888-888888888888',
  questionText: 'What is your favourite movie?',
  visitors: 2,
  sources: ['rating', 'suggestion'],
  firstAt: AT,
  lastAt: AT,
  status: 'learned',
  removedAt: null,
  entryIds: ['e-1', 'e-2'],
};

/** The studio's answers: the list, and remove / restore that flip the one item's status. */
function mockServer(extra: LearnedQuestion[] = []): { method: string; path: string }[] {
  const requested: { method: string; path: string }[] = [];
  let item = learned;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const { pathname } = new URL(input, 'http://studio');
      const method = init?.method ?? 'GET';
      requested.push({ method, path: pathname });
      const base = `/v1/conversa/storyfiles/${STORYFILE}/training/learned`;
      if (method === 'GET' && pathname === base) {
        const list: LearnedQuestionList = {
          items: [item, ...extra],
          minVisitors: 2,
          perAnswer: 10,
        };
        return Promise.resolve(Response.json(list));
      }
      if (method === 'POST' && pathname === `${base}/${LABEL}/remove`) {
        item = { ...item, status: 'removed', removedAt: AT };
        return Promise.resolve(Response.json(item));
      }
      if (method === 'POST' && pathname === `${base}/${LABEL}/restore`) {
        item = { ...item, status: 'learned', removedAt: null };
        return Promise.resolve(Response.json(item));
      }
      return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    }),
  );
  return requested;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LearnedQuestions', () => {
  it('shows what was learned, from how many visitors and how, and removes it with undo', async () => {
    const requested = mockServer();
    renderWithProviders(<LearnedQuestions storyfileId={STORYFILE} canEdit timeZone="UTC" />);
    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent('a film you love → What is your favourite movie?');
    expect(item).toHaveTextContent('Learned');
    expect(item).toHaveTextContent('2 visitors · Thumbs up, Pressed suggestion');
    expect(
      screen.getByText(/once 2 visitors gave it, or a question much like it, the same answer/),
    ).toBeVisible();
    // Issue 68, item 8: removing one changed others' "2 visitors" to "1 visitor" unexplained.
    expect(screen.getByText(LEARNED_COUNTS_NOTE)).toBeVisible();
    expect(LEARNED_COUNTS_NOTE).toBe(
      'Each count includes the visitors who gave a question much like it the same answer, so removing one takes its visitors out of the counts of the questions much like it (and one may wait again).',
    );

    await userEvent.click(
      within(item).getByRole('button', {
        name: 'Remove: a film you love → What is your favourite movie?',
      }),
    );
    const undo = await screen.findByRole('button', {
      name: 'Undo removal: a film you love → What is your favourite movie?',
    });
    expect(screen.getByRole('listitem')).toHaveTextContent('Removed');
    await userEvent.click(undo);
    expect(
      await screen.findByRole('button', {
        name: 'Remove: a film you love → What is your favourite movie?',
      }),
    ).toBeVisible();
    expect(requested.filter((entry) => entry.method === 'POST').map((entry) => entry.path)).toEqual(
      [
        `/v1/conversa/storyfiles/${STORYFILE}/training/learned/${LABEL}/remove`,
        `/v1/conversa/storyfiles/${STORYFILE}/training/learned/${LABEL}/restore`,
      ],
    );
  });

  it('offers no remove to a reader', async () => {
    mockServer();
    renderWithProviders(<LearnedQuestions storyfileId={STORYFILE} canEdit={false} />);
    expect(await screen.findByRole('listitem')).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

// Issue 66 item 3: the author accepts what visitors chose, one pair or all of an answer's, each
// previewed first (the screen's Correct match dialog, `onAccept`).
describe('LearnedQuestions, accepting', () => {
  const waiting: LearnedQuestion = {
    ...learned,
    id: '99999999-9999-4999-8999-999999999999',
    text: 'the film you like best',
    visitors: 1,
    sources: ['suggestion'],
    status: 'waiting',
    entryIds: ['e-3'],
  };
  const corrected: LearnedQuestion = {
    ...learned,
    id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    text: 'cinema you love',
    sources: ['correction'],
    entryIds: ['e-4'],
  };

  it("groups the pairs by answer and accepts one, or all of an answer's, with their exchanges", async () => {
    mockServer([waiting, corrected]);
    const onAccept = vi.fn();
    renderWithProviders(
      <LearnedQuestions storyfileId={STORYFILE} canEdit onAccept={onAccept} timeZone="UTC" />,
    );
    const answer = await screen.findByRole('region', {
      name: 'Answer: What is your favourite movie?',
    });
    expect(within(answer).getAllByRole('listitem')).toHaveLength(3);
    // The author's own correction is accepted already.
    expect(
      within(answer).queryByRole('button', {
        name: 'Accept: cinema you love → What is your favourite movie?',
      }),
    ).toBeNull();
    await userEvent.click(
      within(answer).getByRole('button', {
        name: 'Accept: the film you like best → What is your favourite movie?',
      }),
    );
    expect(onAccept).toHaveBeenLastCalledWith({
      entryIds: ['e-3'],
      questionId: learned.questionId,
      representative: 'the film you like best',
    });
    await userEvent.click(
      within(answer).getByRole('button', {
        name: 'Accept all 2 for “What is your favourite movie?”',
      }),
    );
    expect(onAccept).toHaveBeenLastCalledWith({
      entryIds: ['e-1', 'e-2', 'e-3'],
      questionId: learned.questionId,
      representative: 'a film you love',
    });
  });
});
