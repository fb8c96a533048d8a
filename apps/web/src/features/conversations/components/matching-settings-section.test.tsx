import type { AppliedThreshold, ReviewPreview } from '@conversa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { matchingSettingsFixture } from './matching-settings.fixtures';
import { MatchingSettingsSection } from './matching-settings-section';
import { SpeechSettingsSection } from './speech-settings-section';

// Issue 28: "Every preview (correct match, alternates, categories, words, threshold) must count and
// list the past questions that would **lose** their answer or change answer, including through the
// automatic threshold, and the change must say so when it is applied." The threshold field of the
// storyfile's settings is a change to matching like any other: it gets the same preview.

const LAB_ID = '22222222-2222-4222-8222-222222222222';
const LAB = "What's going on in your lab?";

const SETTINGS = matchingSettingsFixture(LAB_ID);

const RAISED: ReviewPreview = {
  examined: 4,
  moved: 1,
  fromFallback: 0,
  betweenAnswers: 0,
  toFallback: 1,
  threshold: { before: 0.3, after: 0.35, isAutomatic: false },
  moves: [
    {
      questionText: LAB,
      count: 1,
      before: { questionId: 'q-lab', questionText: 'Can I visit your lab?' },
      after: { questionId: null, questionText: null },
    },
  ],
};

let requested: { method: string; path: string; body: unknown }[] = [];

function mockServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const { pathname } = new URL(input, 'http://studio');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      requested.push({ method, path: pathname, body });
      if (method === 'GET' && pathname === `/v1/conversa/storyfiles/${LAB_ID}/matching-settings`) {
        return Promise.resolve(Response.json(SETTINGS));
      }
      if (
        method === 'POST' &&
        pathname === `/v1/conversa/storyfiles/${LAB_ID}/training/threshold-preview`
      ) {
        return Promise.resolve(Response.json(RAISED));
      }
      if (method === 'PUT' && pathname === `/v1/conversa/storyfiles/${LAB_ID}/training/threshold`) {
        const applied: AppliedThreshold = {
          settings: { ...SETTINGS, threshold: 0.35, effectiveThreshold: 0.35 },
          preview: RAISED,
        };
        return Promise.resolve(Response.json(applied));
      }
      return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    }),
  );
}

const saves = () => requested.filter((entry) => entry.method === 'PUT');

beforeEach(() => {
  requested = [];
  mockServer();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the threshold of the matching settings', () => {
  it('lists the past question that would lose its answer before a higher threshold is saved, and says so once saved', async () => {
    const person = userEvent.setup();
    renderWithProviders(<MatchingSettingsSection storyfileId={LAB_ID} isEditable />);
    const value = await screen.findByLabelText('Threshold value');
    await person.clear(value);
    await person.type(value, '0.35');
    await person.click(screen.getByRole('button', { name: 'Save threshold' }));

    const changes = await screen.findByRole('region', { name: 'What this changes' });
    expect(
      await within(changes).findByRole('listitem', { name: `Loses its answer: ${LAB}` }),
    ).toBeVisible();
    expect(within(changes).getByTestId('review-preview-threshold')).toHaveTextContent(
      'The out-of-scope threshold moves from 0.30 to 0.35.',
    );
    expect(requested.find((entry) => entry.method === 'POST')?.body).toEqual({ threshold: 0.35 });
    // Nothing is saved until the person has seen what it does.
    expect(saves()).toEqual([]);

    await person.click(within(changes).getByRole('button', { name: 'Save 0.35 as the threshold' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toEqual({ threshold: 0.35 });
    expect(
      await screen.findByText(
        'Saved the threshold (0.35). 1 past question now falls back instead of being answered. The out-of-scope threshold moved from 0.30 to 0.35.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'What this changes' })).toBeNull();
  });

  it('saves nothing when the preview is cancelled', async () => {
    const person = userEvent.setup();
    renderWithProviders(<MatchingSettingsSection storyfileId={LAB_ID} isEditable />);
    const value = await screen.findByLabelText('Threshold value');
    await person.clear(value);
    await person.type(value, '0.35');
    await person.click(screen.getByRole('button', { name: 'Save threshold' }));
    const changes = await screen.findByRole('region', { name: 'What this changes' });
    await within(changes).findByRole('listitem', { name: `Loses its answer: ${LAB}` });
    await person.click(within(changes).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('region', { name: 'What this changes' })).toBeNull();
    expect(saves()).toEqual([]);
  });

  it('says "Using the default." only while the field holds the saved value (issue 44)', async () => {
    const person = userEvent.setup();
    renderWithProviders(<MatchingSettingsSection storyfileId={LAB_ID} isEditable />);
    const value = await screen.findByLabelText('Threshold value');
    expect(screen.getByText('Using the default.')).toBeVisible();
    await person.clear(value);
    await person.type(value, '7');
    expect(screen.getByText('The threshold is between 0 and 1.')).toBeVisible();
    expect(screen.queryByText('Using the default.')).toBeNull();
    await person.clear(value);
    await person.type(value, '0.3');
    expect(screen.getByText('Using the default.')).toBeVisible();
  });

  it('puts the spoken-questions settings in a card like their neighbours (issue 44)', async () => {
    renderWithProviders(
      <>
        <MatchingSettingsSection storyfileId={LAB_ID} isEditable />
        <SpeechSettingsSection storyfileId={LAB_ID} isEditable />
      </>,
    );
    const matching = screen.getByRole('region', { name: 'Matching' });
    const speech = screen.getByRole('region', { name: 'Spoken questions' });
    expect(speech.className).toBe(matching.className);
    expect(within(speech).getByRole('heading', { level: 2 })).toHaveTextContent('Spoken questions');
    await screen.findByLabelText('Threshold value');
  });
});
