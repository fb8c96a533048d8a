import type { StoryfileDetail, StoryfileTranscripts } from '@conversa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ScriptSearch } from './script-search';

const STORYFILE_ID = '0b5d7c1e-1111-4000-8000-000000000001';

function question(id: string, text: string, alternates: string[] = []) {
  return {
    id,
    topicId: 't1',
    text,
    alternates,
    position: 0,
    sourceQuestionId: null,
    answerRecordedAt: '2026-01-05T10:00:00.000Z',
    queuedToRecordAt: null,
  };
}

const STORYFILE: StoryfileDetail = {
  id: STORYFILE_ID,
  namespaceId: '0b5d7c1e-1111-4000-8000-000000000002',
  namespaceLabel: 'north',
  name: 'Grandma Rose',
  description: '',
  language: 'en-US',
  status: 'draft',
  avatarUrl: null,
  topicCount: 1,
  questionCount: 3,
  answeredCount: 3,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  deletedAt: null,
  createdBy: null,
  updatedBy: null,
  topics: [
    {
      id: 't1',
      name: 'Career',
      position: 0,
      sourceTopicId: null,
      questions: [
        question('q1', 'What did you do for a living?'),
        question('q2', 'Where were you born?', ['What is your birthplace?']),
        question('q3', 'Were you ever in the army?'),
      ],
    },
  ],
  clips: [],
  starters: [],
};

const TRANSCRIPTS: StoryfileTranscripts = {
  counts: { pending: 0, draft: 2, edited: 0, failed: 0 },
  needsReview: 0,
  redrafted: 0,
  transcripts: [
    {
      videoId: 'v1',
      questionId: 'q1',
      clipKind: null,
      status: 'draft',
      review: 'reviewed',
      text: 'I joined up at eighteen and spent two years in Iraq with the engineers, then I taught school.',
      isRedrafted: false,
    },
    {
      videoId: 'v2',
      questionId: 'q2',
      clipKind: null,
      status: 'draft',
      review: 'reviewed',
      text: 'In Leeds, in a house by the canal.',
      isRedrafted: false,
    },
  ],
};

const requested: string[] = [];

function mockServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://studio');
      requested.push(url.pathname);
      if (url.pathname === `/v1/conversa/storyfiles/${STORYFILE_ID}/transcripts`) {
        return Promise.resolve(Response.json(TRANSCRIPTS));
      }
      return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  requested.length = 0;
});

// Issue 41, item 5: the script's search can search what was said.
describe('ScriptSearch', () => {
  it('finds a question by its answer’s words and shows them, marked, under it', async () => {
    mockServer();
    const user = userEvent.setup();
    renderWithProviders(<ScriptSearch storyfile={STORYFILE} />);
    expect(requested).toEqual([]);
    await user.type(
      screen.getByRole('searchbox', { name: 'Search the script' }),
      'IRAQ "two years"',
    );
    const list = screen.getByRole('list', { name: 'Questions found' });
    const item = await within(list).findByRole('listitem');
    expect(item).toHaveTextContent('What did you do for a living?');
    expect(item).toHaveTextContent('Said in the answer:');
    const marks = Array.from(item.querySelectorAll('mark')).map((mark) => mark.textContent);
    expect(marks).toEqual(['two years', 'Iraq']);
    expect(
      within(screen.getByRole('region', { name: 'Script search' })).getByRole('status'),
    ).toHaveTextContent('1 question matches in the questions and what their answers say.');
  });

  it('keeps finding questions by their own words and alternates, all terms required', async () => {
    mockServer();
    const user = userEvent.setup();
    renderWithProviders(<ScriptSearch storyfile={STORYFILE} />);
    const input = screen.getByRole('searchbox', { name: 'Search the script' });
    await user.type(input, 'birthplace');
    const list = screen.getByRole('list', { name: 'Questions found' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('listitem')).toHaveTextContent('Where were you born?');
    expect(within(list).getByRole('listitem')).not.toHaveTextContent('Said in the answer');
    await user.clear(input);
    await user.type(input, 'army canal');
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Script search' })).getByRole('status'),
      ).toHaveTextContent('No question matches in the questions and what their answers say.'),
    );
    expect(within(list).queryAllByRole('listitem')).toHaveLength(0);
  });
});
