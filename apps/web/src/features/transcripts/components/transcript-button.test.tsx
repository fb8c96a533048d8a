import type {
  StoryfileDetail,
  StoryfileTranscripts,
  StoryfileVideo,
  StoryfileVideos,
} from '@conversa/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { TranscriptButton } from './transcript-button';
import { TranscriptDraftsProgress } from './transcript-drafts-progress';

const STORYFILE_ID = '6f1d2c9e-0000-4000-8000-0000000000a1';
// The components read the storyfile's id and language only.
const storyfile = { id: STORYFILE_ID, language: 'en-US', clips: [] } as unknown as StoryfileDetail;

function answerVideo(id: string, questionId: string): StoryfileVideo {
  return {
    id,
    uploadId: `u-${id}`,
    questionId,
    clipKind: null,
    durationMs: 8_000,
    width: 1280,
    height: 720,
    sizeBytes: 1_000,
    filename: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    videoUrl: `/media/${id}/video.mp4`,
    posterUrl: `/media/${id}/poster.jpg`,
    audioUrl: `/media/${id}/audio.wav`,
    captionsUrl: null,
    urlsExpireAt: '2030-01-01T00:00:00.000Z',
  };
}

let videos: StoryfileVideos;
let transcripts: StoryfileTranscripts;

beforeEach(() => {
  videos = {
    videos: [answerVideo('v-1', 'q-1'), answerVideo('v-2', 'q-2'), answerVideo('v-3', 'q-3')],
    pendingUploads: [],
  };
  transcripts = {
    counts: { pending: 1, draft: 1, edited: 0, failed: 1 },
    needsReview: 1,
    redrafted: 0,
    transcripts: [
      {
        videoId: 'v-1',
        questionId: 'q-1',
        clipKind: null,
        status: 'pending',
        review: 'pending',
        text: '',
        isRedrafted: false,
      },
      {
        videoId: 'v-2',
        questionId: 'q-2',
        clipKind: null,
        status: 'draft',
        review: 'needs-review',
        text: 'Hello',
        isRedrafted: false,
      },
      {
        videoId: 'v-3',
        questionId: 'q-3',
        clipKind: null,
        status: 'failed',
        review: 'failed',
        text: '',
        isRedrafted: false,
      },
    ],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const path = new URL(input, 'http://studio').pathname;
      if (path === `/v1/conversa/storyfiles/${STORYFILE_ID}/videos`) {
        return Promise.resolve(Response.json(videos));
      }
      if (path === `/v1/conversa/storyfiles/${STORYFILE_ID}/transcripts`) {
        return Promise.resolve(Response.json(transcripts));
      }
      return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('TranscriptButton', () => {
  it("shows where each answer's transcript stands, and nothing for an unrecorded question", async () => {
    renderWithProviders(
      <>
        {['q-1', 'q-2', 'q-3', 'q-4'].map((questionId) => (
          <TranscriptButton
            key={questionId}
            storyfile={storyfile}
            isEditable
            target={{ questionId }}
            name={questionId}
          />
        ))}
      </>,
    );
    await waitFor(() => expect(screen.getAllByRole('button')).toHaveLength(3));
    const [pending, drafted, failed] = screen.getAllByRole('button');
    await waitFor(() => expect(pending).toHaveAccessibleName('Transcript · Making a draft…'));
    // Issue 52: a draft no author reviewed says so; its words do not reach visitors yet.
    expect(drafted).toHaveAccessibleName('Transcript · Needs review');
    expect(failed).toHaveAccessibleName('Transcript · No draft — type one');
  });
});

describe('TranscriptDraftsProgress', () => {
  it('counts the drafts still being made among all of the storyfile', async () => {
    transcripts.counts = { pending: 3, draft: 30, edited: 7, failed: 0 };
    renderWithProviders(<TranscriptDraftsProgress storyfile={storyfile} />);
    expect(await screen.findByText('Drafts: 3 of 40 still being made')).toBeInTheDocument();
  });

  it('shows nothing once every draft is made and reviewed', async () => {
    transcripts.counts = { pending: 0, draft: 30, edited: 10, failed: 0 };
    transcripts.needsReview = 0;
    renderWithProviders(<TranscriptDraftsProgress storyfile={storyfile} />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByText(/still being made/)).toBeNull();
    expect(screen.queryByText(/review/)).toBeNull();
  });

  it('says how many transcripts still need review (issue 52)', async () => {
    transcripts.counts = { pending: 0, draft: 30, edited: 10, failed: 0 };
    transcripts.needsReview = 2;
    renderWithProviders(<TranscriptDraftsProgress storyfile={storyfile} />);
    expect(
      await screen.findByText(
        '2 transcripts need review: visitors see the words once you approve or save them.',
      ),
    ).toBeInTheDocument();
  });
});
