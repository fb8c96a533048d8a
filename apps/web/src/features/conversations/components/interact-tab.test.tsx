import {
  CLIP_KIND_LABELS,
  CLIP_KINDS,
  DEFAULT_CLIP_PROMPTS,
  type InkStory,
  type InkVersion,
  type StoryfileDetail,
} from '@conversa/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { InteractTab } from './interact-tab';

// Issue 45, item 4: an ink story published before anything is recorded plays in Interact, which
// says which of its lines have no video.

const AT = '2026-11-01T10:00:00.000Z';
const STORYFILE_ID = '22222222-2222-4222-8222-222222222222';
const BORN = '33333333-3333-4333-8333-333333333333';
const JOB = '44444444-4444-4444-8444-444444444444';

const STORYFILE: StoryfileDetail = {
  id: STORYFILE_ID,
  namespaceId: 'ns-1',
  namespaceLabel: 'acme',
  name: 'Grandma Rose',
  description: '',
  language: 'en-US',
  status: 'recording',
  avatarUrl: null,
  topicCount: 1,
  questionCount: 2,
  answeredCount: 1,
  createdAt: AT,
  updatedAt: AT,
  deletedAt: null,
  createdBy: null,
  updatedBy: null,
  topics: [
    {
      id: 'topic-1',
      name: 'Life',
      position: 0,
      sourceTopicId: null,
      questions: [
        { id: BORN, text: 'Where were you born?', answerRecordedAt: null },
        { id: JOB, text: 'What was your first job?', answerRecordedAt: AT },
      ].map((question, position) => ({
        ...question,
        topicId: 'topic-1',
        alternates: [],
        position,
        sourceQuestionId: null,
        queuedToRecordAt: null,
      })),
    },
  ],
  clips: CLIP_KINDS.map((kind) => ({
    kind,
    label: CLIP_KIND_LABELS[kind],
    prompt: DEFAULT_CLIP_PROMPTS[kind],
    recordedAt: null,
  })),
  starters: [],
};

const SOURCE = `Hello! # clip: intro
-> hub
== hub
* [Childhood] I was born far away. # answer: ${BORN}
* [Work] # answer: ${JOB}
-> END`;

function mockServer(publishedNumber: number | null) {
  const version: InkVersion = {
    id: 'v1',
    number: 1,
    hasErrors: false,
    errorCount: 0,
    warningCount: 1,
    restoredFromNumber: null,
    isPublished: true,
    createdAt: AT,
    createdByName: null,
    stats: { words: 10, knots: 1, stitches: 0, choices: 2 },
    source: SOURCE,
    messages: [],
    compiledJson: '{}',
  };
  const story: InkStory = {
    storyfileId: STORYFILE_ID,
    storyfileName: 'Grandma Rose',
    namespaceId: 'namespace-1',
    latest: publishedNumber === null ? null : version,
    publishedNumber,
    publishedAt: publishedNumber === null ? null : AT,
    versions: [],
    questions: [],
    recordedClips: [],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const path = new URL(input, 'http://studio').pathname;
      const base = `/v1/conversa/storyfiles/${STORYFILE_ID}`;
      if (path === `${base}/videos`) {
        return Promise.resolve(Response.json({ videos: [], pendingUploads: [] }));
      }
      if (path === `${base}/ink-story`) {
        return Promise.resolve(Response.json(story));
      }
      if (path === `${base}/ink-story/versions/1`) {
        return Promise.resolve(Response.json(version));
      }
      return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('InteractTab', () => {
  it('with nothing recorded and no published story, says there is nothing to talk to yet', async () => {
    mockServer(null);
    renderWithProviders(<InteractTab storyfile={STORYFILE} />);
    expect(
      await screen.findByRole('heading', { name: 'Nothing to talk to yet' }),
    ).toBeInTheDocument();
  });

  it('plays a published story whatever is recorded, and lists the lines that have no video', async () => {
    mockServer(1);
    renderWithProviders(<InteractTab storyfile={STORYFILE} />);
    expect(
      await screen.findByRole('heading', { name: 'Talk to Grandma Rose' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Nothing to talk to yet' })).toBeNull();
    const note = await screen.findByRole('region', {
      name: '2 lines of the story have no video yet',
    });
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Line 1: the Intro clip, not recorded yet',
      'Line 4: the answer to "Where were you born?", not recorded yet',
    ]);
  });
});
