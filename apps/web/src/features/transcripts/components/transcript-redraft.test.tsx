// Issue 52, item 1: a draft redone with the storyfile's voice says so in the editor, with Undo,
// and the storyfile's notice counts the redone drafts.
import {
  TRANSCRIPT_NOT_REDRAFTED_MESSAGE,
  type StoryfileDetail,
  type StoryfileTranscripts,
  type StoryfileVideo,
  type Transcript,
} from '@conversa/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { TranscriptDialog } from './transcript-dialog';
import { TranscriptDraftsProgress } from './transcript-drafts-progress';
import { REDRAFT_UNDONE_MESSAGE, REDRAFTED_LABEL } from './transcript-redraft-notice';

const STORYFILE_ID = '6f1d2c9e-0000-4000-8000-0000000000a1';
const VIDEO_ID = '6f1d2c9e-0000-4000-8000-0000000000b1';
const TRANSCRIPT_PATH = `/v1/conversa/storyfiles/${STORYFILE_ID}/videos/${VIDEO_ID}/transcript`;

const video = {
  id: VIDEO_ID,
  questionId: 'q-1',
  clipKind: null,
  durationMs: 8_000,
  videoUrl: '/media/a/video.mp4?access_token=x',
  posterUrl: '/media/a/poster.jpg?access_token=x',
  captionsUrl: null,
} as unknown as StoryfileVideo;

const previousDraft: Transcript = {
  videoId: VIDEO_ID,
  status: 'draft',
  source: 'recognizer',
  engine: 'pocketsphinx',
  text: 'in being comparatively mode earn',
  cues: [{ startMs: 0, endMs: 1_800, text: 'in being comparatively mode earn' }],
  revision: 3,
  error: null,
  review: 'needs-review',
  approvedAt: null,
  words: [],
  speakerModelRevision: null,
  redraft: null,
  updatedAt: '2026-11-26T10:00:00.000Z',
};
const redrafted: Transcript = {
  ...previousDraft,
  text: 'in being comparatively modern',
  cues: [{ startMs: 0, endMs: 1_800, text: 'in being comparatively modern' }],
  revision: 2,
  speakerModelRevision: 1,
  redraft: { redraftedAt: '2026-11-26T09:59:00.000Z', previousText: previousDraft.text },
};

let current: Transcript;
let undos: unknown[];
let undoStatus: number;

beforeEach(() => {
  current = redrafted;
  undos = [];
  undoStatus = 200;
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit = {}) => {
      const path = new URL(input, 'http://studio').pathname;
      if (path === `${TRANSCRIPT_PATH}/undo-redraft` && init.method === 'POST') {
        undos.push(JSON.parse(init.body as string));
        if (undoStatus === 409) {
          return Promise.resolve(
            Response.json(
              { error: 'CONFLICT', message: TRANSCRIPT_NOT_REDRAFTED_MESSAGE },
              { status: 409 },
            ),
          );
        }
        current = previousDraft;
        return Promise.resolve(Response.json(current));
      }
      if (path === TRANSCRIPT_PATH) {
        return Promise.resolve(Response.json(current));
      }
      return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderEditor(isEditable = true) {
  return renderWithProviders(
    <TranscriptDialog
      storyfileId={STORYFILE_ID}
      language="en-US"
      video={video}
      title="Transcript: Is printing modern?"
      isEditable={isEditable}
      onClose={vi.fn()}
    />,
  );
}

const caption = () => screen.findByRole('textbox', { name: 'Words of caption 1' });

describe('a draft redone with the storyfile’s voice', () => {
  it('says so, and Undo (by keyboard) puts the previous draft back in the editor', async () => {
    const user = userEvent.setup();
    renderEditor();
    expect(await caption()).toHaveValue('in being comparatively modern');
    expect(screen.getByText(REDRAFTED_LABEL)).toBeVisible();
    expect(screen.getByText('Drafted by pocketsphinx with this storyfile’s voice')).toBeVisible();
    const undo = screen.getByRole('button', { name: 'Undo redraft' });
    undo.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(undos).toEqual([{ revision: 2 }]));
    expect(await screen.findByText(REDRAFT_UNDONE_MESSAGE)).toBeInTheDocument();
    expect(await caption()).toHaveValue('in being comparatively mode earn');
    expect(screen.queryByText(REDRAFTED_LABEL)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo redraft' })).toBeNull();
    expect(screen.getByText('Needs review')).toBeInTheDocument();
    expect(screen.getByText('Drafted by pocketsphinx')).toBeVisible();
  });

  it('says why an undo was refused', async () => {
    undoStatus = 409;
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Undo redraft' }));
    expect(await screen.findByText(TRANSCRIPT_NOT_REDRAFTED_MESSAGE)).toBeInTheDocument();
  });

  it('offers no Undo while captions are being edited, nor to a viewer', async () => {
    const user = userEvent.setup();
    const { unmount } = renderEditor(false);
    expect(await screen.findByText(REDRAFTED_LABEL)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Undo redraft' })).toBeNull();
    unmount();
    renderEditor();
    await user.type(await caption(), ' too');
    expect(screen.queryByRole('button', { name: 'Undo redraft' })).toBeNull();
  });

  it('shows nothing of a draft that was not redone', async () => {
    current = previousDraft;
    renderEditor();
    expect(await caption()).toHaveValue('in being comparatively mode earn');
    expect(screen.queryByText(REDRAFTED_LABEL)).toBeNull();
  });
});

describe('the storyfile’s transcripts notice', () => {
  it('counts the drafts redone with the storyfile’s voice', async () => {
    const list: StoryfileTranscripts = {
      counts: { pending: 0, draft: 3, edited: 5, failed: 0 },
      needsReview: 3,
      redrafted: 2,
      transcripts: [],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json(list))),
    );
    const storyfile = { id: STORYFILE_ID, language: 'en-US' } as unknown as StoryfileDetail;
    renderWithProviders(<TranscriptDraftsProgress storyfile={storyfile} />);
    expect(
      await screen.findByText(
        '2 drafts were redone with this storyfile’s voice, learned from the answers you corrected. Open an answer’s transcript to review it or undo.',
      ),
    ).toBeInTheDocument();
  });
});
