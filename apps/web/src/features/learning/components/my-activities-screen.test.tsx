import type { MyActivity, Progress, TranscriptEntry } from '@conversa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { MyActivitiesScreen, type ActivityPlayerSlot } from './my-activities-screen';

const ACTIVITY_ID = '0b5d7c1e-2222-4000-8000-000000000001';
const STORYFILE_ID = '0b5d7c1e-3333-4000-8000-000000000001';
const BASE = `/v1/conversa/learning/my-activities/${ACTIVITY_ID}`;

const NO_PROGRESS: Progress = {
  state: 'not_started',
  fraction: 0,
  questionsAsked: 0,
  distinctAnswers: 0,
  topicsCovered: 0,
  minutes: 0,
  firstAt: null,
  lastAt: null,
  completedAt: null,
};
const ONE_ASKED: Progress = {
  ...NO_PROGRESS,
  state: 'in_progress',
  fraction: 1 / 3,
  questionsAsked: 1,
  firstAt: '2026-03-01T09:01:00.000Z',
  lastAt: '2026-03-01T09:01:00.000Z',
};

function buildActivity(fields: Partial<MyActivity> = {}): MyActivity {
  return {
    id: ACTIVITY_ID,
    title: 'Interview the engineer',
    instructions: 'Ask about the device.',
    storyfiles: [{ id: STORYFILE_ID, name: 'Engineer' }],
    openAt: null,
    dueAt: null,
    closeAt: null,
    isStartable: true,
    notStartableReason: null,
    ruleSummary: ['Ask 3 questions'],
    progress: NO_PROGRESS,
    ...fields,
  };
}

/** The student's endpoints; an ask moves the student's progress on the server. */
function mockServer(initial: MyActivity, transcript: TranscriptEntry[] = []) {
  let activity = initial;
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const call = `${init.method ?? 'GET'} ${url}`;
      calls.push(typeof init.body === 'string' ? `${call} ${init.body}` : call);
      if (call === `GET ${BASE}/storyfiles/${STORYFILE_ID}`) {
        return Promise.resolve(
          Response.json({
            id: STORYFILE_ID,
            name: 'Engineer',
            language: 'en-US',
            starters: [],
            clips: { idle: null, intro: null, introText: '' },
            hasStory: false,
            speechHints: [],
          }),
        );
      }
      if (call === `POST ${BASE}/ask`) {
        activity = { ...activity, progress: ONE_ASKED };
        return Promise.resolve(
          Response.json({
            conversationId: '0b5d7c1e-4444-4000-8000-000000000001',
            exchangeId: '0b5d7c1e-5555-4000-8000-000000000001',
            decision: { kind: 'answer', questionId: 'q1' },
            media: null,
            message: 'An answer without a video.',
            progress: ONE_ASKED,
          }),
        );
      }
      if (call === `POST ${BASE}/exchanges/0b5d7c1e-5555-4000-8000-000000000001/feedback`) {
        return Promise.resolve(
          Response.json({ exchangeId: '0b5d7c1e-5555-4000-8000-000000000001', feedback: 'up' }),
        );
      }
      if (call === `GET ${BASE}`) {
        return Promise.resolve(Response.json({ activity, transcript }));
      }
      return Promise.resolve(Response.json({ items: [activity] }));
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MyActivitiesScreen', () => {
  it("hands the route's player the storyfile and an ask through the student's endpoint; the bar moves with the answer", async () => {
    const user = userEvent.setup();
    const calls = mockServer(buildActivity());
    const slots: ActivityPlayerSlot[] = [];
    const renderPlayer = (slot: ActivityPlayerSlot) => {
      slots.push(slot);
      return (
        <button type="button" onClick={() => void slot.ask({ text: 'Hi', inputMode: 'typed' })}>
          Ask {slot.storyfile.name}
        </button>
      );
    };
    renderWithProviders(<MyActivitiesScreen renderPlayer={renderPlayer} />, {
      path: `/learning/my_activities?activity=${ACTIVITY_ID}`,
    });
    expect(
      await screen.findByRole('heading', { name: 'Interview the engineer', level: 2 }),
    ).toHaveFocus();
    expect(screen.getByText('Ask about the device.')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Your progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    await user.click(await screen.findByRole('button', { name: 'Ask Engineer' }));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '33'));
    expect(slots.at(-1)!.resumeKey).toBe(
      `conversa-conversation:learning:${ACTIVITY_ID}:${STORYFILE_ID}`,
    );
    expect(calls).toContain(
      `POST ${BASE}/ask {"text":"Hi","inputMode":"typed","storyfileId":"${STORYFILE_ID}"}`,
    );
    // The player's clips are read once: an answer refreshes the activity, not the storyfile.
    await waitFor(() => expect(calls.filter((call) => call === `GET ${BASE}`)).toHaveLength(2));
    expect(calls.filter((call) => call === `GET ${BASE}/storyfiles/${STORYFILE_ID}`)).toHaveLength(
      1,
    );
    // A shared machine renders, asks and refetches slowly.
  }, 20_000);

  it("hands the player the student's thumbs, sent through their own endpoint", async () => {
    const user = userEvent.setup();
    const calls = mockServer(buildActivity());
    const renderPlayer = (slot: ActivityPlayerSlot) => (
      <button
        type="button"
        onClick={() => void slot.rate('0b5d7c1e-5555-4000-8000-000000000001', 'up')}
      >
        Good answer
      </button>
    );
    renderWithProviders(<MyActivitiesScreen renderPlayer={renderPlayer} />, {
      path: `/learning/my_activities?activity=${ACTIVITY_ID}`,
    });
    await user.click(await screen.findByRole('button', { name: 'Good answer' }));
    await waitFor(() =>
      expect(calls).toContain(
        `POST ${BASE}/exchanges/0b5d7c1e-5555-4000-8000-000000000001/feedback {"feedback":"up"}`,
      ),
    );
  }, 20_000);

  it('offers the thumbs in "Your attempts" for an answer not yet rated, as after a reload (issue 68, item 11)', async () => {
    const user = userEvent.setup();
    const asked: TranscriptEntry = {
      id: '0b5d7c1e-5555-4000-8000-000000000001',
      conversationId: '0b5d7c1e-4444-4000-8000-000000000001',
      conversationStartedAt: '2026-03-01T09:00:00.000Z',
      storyfileId: STORYFILE_ID,
      storyfileName: 'Engineer',
      questionText: 'What does the device do?',
      decision: 'answered',
      answerQuestionText: 'What does the device do?',
      media: null,
      feedback: null,
      createdAt: '2026-03-01T09:01:00.000Z',
    };
    const calls = mockServer(buildActivity({ progress: ONE_ASKED }), [
      asked,
      {
        ...asked,
        id: '0b5d7c1e-5555-4000-8000-000000000002',
        questionText: 'Who built it?',
        feedback: 'down',
        createdAt: '2026-03-01T09:02:00.000Z',
      },
    ]);
    renderWithProviders(<MyActivitiesScreen renderPlayer={() => null} />, {
      path: `/learning/my_activities?activity=${ACTIVITY_ID}`,
    });
    const attempt = await screen.findByRole('list', { name: 'Attempt 1: Engineer' });
    const [unrated, rated] = within(attempt).getAllByRole('listitem');
    expect(within(rated!).getByText('Rated thumbs down')).toBeVisible();
    expect(within(rated!).queryByRole('group', { name: 'Rate this answer' })).toBeNull();
    await user.click(within(unrated!).getByRole('button', { name: 'Good answer' }));
    await waitFor(() =>
      expect(calls).toContain(
        `POST ${BASE}/exchanges/0b5d7c1e-5555-4000-8000-000000000001/feedback {"feedback":"up"}`,
      ),
    );
    // The activity is read again, so the attempts show the rating the server kept.
    await waitFor(() => expect(calls.filter((call) => call === `GET ${BASE}`)).toHaveLength(2));
  }, 20_000);

  it('outside its dates shows the activity with the reason, and no player', async () => {
    const calls = mockServer(
      buildActivity({ isStartable: false, notStartableReason: 'This activity is closed.' }),
    );
    const renderPlayer = vi.fn(() => null);
    renderWithProviders(<MyActivitiesScreen renderPlayer={renderPlayer} />, {
      path: `/learning/my_activities?activity=${ACTIVITY_ID}`,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Warning! This activity is closed.');
    expect(screen.getByText('The conversation cannot be started now.')).toBeInTheDocument();
    expect(screen.getByText('Ask about the device.')).toBeInTheDocument();
    expect(renderPlayer).not.toHaveBeenCalled();
    expect(calls.some((call) => call.includes('/storyfiles/'))).toBe(false);
  });
});
