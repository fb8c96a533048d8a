import type { ReviewCluster } from '@conversa/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ClusterList } from './cluster-list';

// Issue 28's suggested alternates: a group whose meaning is near a recorded question offers
// "looks like: <question>", one click from a correct match to that answer.

const STORYFILE = '66666666-6666-4666-8666-666666666666';
const FIELD = 'How did you get into this field?';
const AT = '2026-11-24T06:00:00.000Z';

const cluster = (representative: string, looksLike: ReviewCluster['looksLike']): ReviewCluster => ({
  key: representative.toLowerCase(),
  representative,
  count: 2,
  visitors: 2,
  firstSeen: AT,
  lastSeen: AT,
  rank: 4,
  entryIds: [`entry-${representative}`],
  questions: [{ text: representative, count: 2 }],
  looksLike,
});
const CAREER = cluster('Why did you choose this career?', {
  questionId: 'field-id',
  questionText: FIELD,
  score: 0.71,
  isRecorded: true,
});
const AGE = cluster('How old are you?', null);
const SCARES = cluster('What scares you?', {
  questionId: 'afraid-id',
  questionText: 'What are you afraid of?',
  score: 0.66,
  isRecorded: false,
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) =>
      Promise.resolve(
        new URL(input, 'http://studio').pathname ===
          `/v1/conversa/storyfiles/${STORYFILE}/training/clusters`
          ? Response.json({ items: [CAREER, AGE, SCARES] })
          : new Response(null, { status: 404 }),
      ),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ClusterList suggested alternates', () => {
  it('offers "looks like: <question>" on the group it fits, and one click is a correct match to it', async () => {
    const onAct = vi.fn();
    renderWithProviders(<ClusterList storyfileId={STORYFILE} canEdit onAct={onAct} />);
    const offer = await screen.findByRole('button', { name: /^looks like: / });
    expect(offer).toHaveTextContent(`looks like: ${FIELD}`);
    expect(offer).toHaveAccessibleName(
      `looks like: ${FIELD}. Add “Why did you choose this career?” as its alternate`,
    );
    expect(screen.getAllByRole('button', { name: /^looks like: / })).toHaveLength(1);
    await userEvent.click(offer);
    expect(onAct).toHaveBeenCalledWith('correct', CAREER, 'field-id');
  });

  it('shows the suggestion without the button to someone who cannot edit', async () => {
    renderWithProviders(<ClusterList storyfileId={STORYFILE} canEdit={false} onAct={vi.fn()} />);
    expect(await screen.findByText(`looks like: ${FIELD}`)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('opens Correct match on the suggested answer of a group that looks like one (issue 44)', async () => {
    const onAct = vi.fn();
    renderWithProviders(<ClusterList storyfileId={STORYFILE} canEdit onAct={onAct} />);
    await userEvent.click(
      await screen.findByRole('button', { name: `Correct match: ${CAREER.representative}` }),
    );
    expect(onAct).toHaveBeenLastCalledWith('correct', CAREER, 'field-id');
    await userEvent.click(
      screen.getByRole('button', { name: `Correct match: ${AGE.representative}` }),
    );
    expect(onAct).toHaveBeenLastCalledWith('correct', AGE);
  });
});

// Issue 68, item 1: a group that means a scripted, unrecorded question pointed nowhere, and "Add to
// record queue" scripted it a second time.
describe('ClusterList, a group that means an unrecorded question', () => {
  it('names the scripted question, links to recording it and offers its alternate', async () => {
    const onAct = vi.fn();
    renderWithProviders(<ClusterList storyfileId={STORYFILE} canEdit onAct={onAct} />);
    const group = await screen.findByRole('listitem', { name: 'Group: What scares you?' });
    expect(group).toHaveTextContent(
      'Already in the script, not recorded yet: What are you afraid of?',
    );
    expect(
      within(group).getByRole('link', { name: 'Record “What are you afraid of?”' }),
    ).toHaveAttribute('href', `/storyfiles/${STORYFILE}?tab=record&question=afraid-id`);
    await userEvent.click(
      within(group).getByRole('button', {
        name: 'Add “What scares you?” as an alternate of “What are you afraid of?”',
      }),
    );
    expect(onAct).toHaveBeenLastCalledWith('correct', SCARES, 'afraid-id');
  });

  it('names it without actions to someone who cannot edit', async () => {
    renderWithProviders(<ClusterList storyfileId={STORYFILE} canEdit={false} onAct={vi.fn()} />);
    expect(
      await screen.findByText('Already in the script, not recorded yet: What are you afraid of?'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
