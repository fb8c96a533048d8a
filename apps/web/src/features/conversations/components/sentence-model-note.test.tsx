import type { MatchingSettings } from '@conversa/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { matchingSettingsFixture } from './matching-settings.fixtures';
import { MatchingSettingsSection } from './matching-settings-section';

// Issue 64: after the studio's sentence model changes, a storyfile answers by words alone while
// its vectors are made again, and Matching settings say so; they read the settings again until
// meaning takes part.

const STORYFILE_ID = '33333333-3333-4333-8333-333333333333';
const MODEL = 'all-MiniLM-L6-v2 (384 dimensions, ONNX in a worker thread)';
const PREPARING =
  "Questions are matched by their words alone while the sentence vectors of this script are made (12 phrasings to go): the studio's sentence model changed, and it is making new vectors for every storyfile (40 of 300 texts done).";
const READY = `Questions are matched by their words and their meaning (${MODEL}).`;

function settingsWith(scoring: MatchingSettings['scoring']): MatchingSettings {
  return matchingSettingsFixture(STORYFILE_ID, {
    scoring,
    visitorLog: { asked: 0, inForce: 0, takenAt: null, minimum: 100 },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('how questions are matched, in Matching settings', () => {
  it('says words alone while the vectors are made after a change of model, then words and meaning', async () => {
    const answers = [
      settingsWith({
        mode: 'lexical',
        embedder: MODEL,
        embedderStatus: 'ready',
        pendingPhrasings: 12,
        message: PREPARING,
      }),
      settingsWith({
        mode: 'combined',
        embedder: MODEL,
        embedderStatus: 'ready',
        pendingPhrasings: 0,
        message: READY,
      }),
    ];
    let reads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        const answer = answers[Math.min(reads, answers.length - 1)];
        reads += 1;
        return Promise.resolve(Response.json(answer));
      }),
    );
    renderWithProviders(<MatchingSettingsSection storyfileId={STORYFILE_ID} isEditable />);
    expect(await screen.findByText(PREPARING)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'How questions are matched' })).toBeVisible();
    // Read again by itself (every 3 s while words alone), with no one reloading the page.
    expect(await screen.findByText(READY, {}, { timeout: 20_000 })).toBeVisible();
    const readsWhenReady = reads;
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    // Words and meaning: nothing more to wait for, so no further reads.
    expect(reads).toBe(readsWhenReady);
  }, 40_000);
});
