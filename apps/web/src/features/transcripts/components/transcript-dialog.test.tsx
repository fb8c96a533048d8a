import {
  CAPTIONS_FILE_INVALID_MESSAGE,
  TRANSCRIPT_DRAFT_FAILED_MESSAGE,
  TRANSCRIPT_STALE_MESSAGE,
  type CaptionCue,
  type StoryfileVideo,
  type Transcript,
} from '@conversa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { TranscriptDialog } from './transcript-dialog';
import { EMPTY_CUE_MESSAGE } from './transcript-editor';

const STORYFILE_ID = '6f1d2c9e-0000-4000-8000-0000000000a1';
const VIDEO_ID = '6f1d2c9e-0000-4000-8000-0000000000b1';
const TRANSCRIPT_PATH = `/v1/conversa/storyfiles/${STORYFILE_ID}/videos/${VIDEO_ID}/transcript`;

const video: StoryfileVideo = {
  id: VIDEO_ID,
  uploadId: 'u-1',
  questionId: 'q-1',
  clipKind: null,
  durationMs: 8_000,
  width: 1280,
  height: 720,
  sizeBytes: 1_000,
  filename: 'answer.mp4',
  createdAt: '2026-11-25T10:00:00.000Z',
  videoUrl: '/media/a/video.mp4?access_token=x',
  posterUrl: '/media/a/poster.jpg?access_token=x',
  audioUrl: '/media/a/audio.wav?access_token=x',
  captionsUrl: '/media/a/captions-1.vtt?access_token=x',
  urlsExpireAt: '2030-01-01T00:00:00.000Z',
};

const DRAFT_CUES: CaptionCue[] = [
  { startMs: 0, endMs: 2_000, text: 'I grew up in Ohio' },
  { startMs: 2_500, endMs: 4_000, text: 'near the lake' },
];

function draft(cues: CaptionCue[] = DRAFT_CUES): Transcript {
  return {
    videoId: VIDEO_ID,
    status: 'draft',
    source: 'recognizer',
    engine: 'pocketsphinx',
    text: cues.map((cue) => cue.text).join(' '),
    cues,
    revision: 0,
    error: null,
    review: 'needs-review',
    approvedAt: null,
    words: [],
    speakerModelRevision: null,
    redraft: null,
    updatedAt: '2026-11-25T10:01:00.000Z',
  };
}

let current: Transcript;
let puts: unknown[];
let approvals: unknown[];
let putStatus: number;
let play: MockInstance<HTMLMediaElement['play']>;

beforeEach(() => {
  current = draft();
  puts = [];
  approvals = [];
  putStatus = 200;
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://studio');
      const method = init.method ?? 'GET';
      if (url.pathname === `${TRANSCRIPT_PATH}/approve` && method === 'POST') {
        approvals.push(JSON.parse(init.body as string));
        current = { ...current, review: 'reviewed', approvedAt: '2026-11-25T10:02:00.000Z' };
        return Promise.resolve(Response.json(current));
      }
      if (url.pathname !== TRANSCRIPT_PATH) {
        return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
      }
      if (method === 'GET') {
        return Promise.resolve(Response.json(current));
      }
      const body = JSON.parse(init.body as string) as { cues: CaptionCue[] };
      puts.push(body);
      if (putStatus === 409) {
        return Promise.resolve(
          Response.json({ error: 'CONFLICT', message: TRANSCRIPT_STALE_MESSAGE }, { status: 409 }),
        );
      }
      current = {
        ...current,
        status: 'edited',
        review: 'reviewed',
        source: 'author',
        cues: body.cues,
        revision: current.revision + 1,
      };
      return Promise.resolve(Response.json(current));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderEditor() {
  return renderWithProviders(
    <TranscriptDialog
      storyfileId={STORYFILE_ID}
      language="en-US"
      video={video}
      title="Transcript: Where did you grow up?"
      isEditable
      onClose={vi.fn()}
    />,
  );
}

async function findCaption(number: number) {
  return screen.findByRole('textbox', { name: `Words of caption ${number}` });
}

describe('TranscriptDialog', () => {
  it('shows the draft beside the video with its captions in the storyfile language', async () => {
    renderEditor();
    expect(await findCaption(1)).toHaveValue('I grew up in Ohio');
    expect(screen.getByText('Needs review')).toBeInTheDocument();
    const track = document.querySelector('video track')!;
    expect(track.getAttribute('src')).toBe(video.captionsUrl);
    expect(track.getAttribute('srclang')).toBe('en-US');
  });

  it('saves a fixed word with its revision and asks the server to align it', async () => {
    const user = userEvent.setup();
    renderEditor();
    const first = await findCaption(1);
    await user.clear(first);
    await user.type(first, 'I grew up in Iowa');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      cues: [{ ...DRAFT_CUES[0], text: 'I grew up in Iowa' }, DRAFT_CUES[1]],
      revision: 0,
      timing: 'align',
    });
    expect(await screen.findByText('Reviewed')).toBeInTheDocument();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('approves a draft as it is, with the unsure words marked for the eye (issue 52)', async () => {
    current = {
      ...draft(),
      words: [
        { text: 'i', startMs: 0, endMs: 200, confidence: 0.9 },
        { text: 'grew', startMs: 200, endMs: 500, confidence: 0.12 },
      ],
    };
    const user = userEvent.setup();
    renderEditor();
    expect(await screen.findByText('Needs review')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Visitors do not see these words until you approve them or save your corrections.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('What the recognizer heard (1 unsure word marked)')).toBeVisible();
    expect(screen.getByText('(unsure, 12%)', { exact: false })).toBeInTheDocument();
    const approve = screen.getByRole('button', { name: 'Approve' });
    approve.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(approvals).toEqual([{ revision: 0 }]));
    expect(await screen.findByText('Reviewed')).toBeInTheDocument();
    expect(screen.getByText('Approved. Visitors now see these words.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('splits a caption at the cursor and merges it back, focus following the words', async () => {
    const user = userEvent.setup();
    renderEditor();
    const first = (await findCaption(1)) as HTMLTextAreaElement;
    first.focus();
    // The cursor after "I grew up".
    first.setSelectionRange(9, 9);
    await user.click(screen.getByRole('button', { name: 'Split caption 1 at the cursor' }));
    expect(await findCaption(1)).toHaveValue('I grew up');
    const second = await findCaption(2);
    expect(second).toHaveValue('in Ohio');
    expect(second).toHaveFocus();
    expect(await findCaption(3)).toHaveValue('near the lake');
    // The time is shared out by the words' lengths, and nothing is lost or overlaps.
    const list = screen.getByRole('list', { name: 'Captions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByRole('button', { name: /^Play 0:00\.0 – 0:01\.\d$/ })).toBeVisible();

    expect(screen.getByRole('status')).toHaveTextContent(
      'Caption 1 split in two. Focus is on caption 2, which starts "in Ohio".',
    );

    await user.click(screen.getByRole('button', { name: 'Merge caption 1 with the next' }));
    expect(await findCaption(1)).toHaveValue('I grew up in Ohio');
    expect(await findCaption(1)).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Captions 1 and 2 merged. Focus is on caption 1, where they join.',
    );
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('button', { name: 'Play 0:00.0 – 0:02.0' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    // Words only (the merge restored them): the server aligns.
    expect(puts[0]).toMatchObject({ cues: DRAFT_CUES, timing: 'align' });
  });

  it('splits at the nearest word boundary when the cursor is inside a word (issue 54, item 2)', async () => {
    const user = userEvent.setup();
    renderEditor();
    const first = (await findCaption(1)) as HTMLTextAreaElement;
    first.focus();
    // The cursor in "Ohio", after "O": nearer its start.
    first.setSelectionRange(14, 14);
    await user.click(screen.getByRole('button', { name: 'Split caption 1 at the cursor' }));
    expect(await findCaption(1)).toHaveValue('I grew up in');
    expect(await findCaption(2)).toHaveValue('Ohio');
    expect(await findCaption(2)).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Merge caption 1 with the next' }));
    expect(await findCaption(1)).toHaveValue('I grew up in Ohio');
    const merged = (await findCaption(1)) as HTMLTextAreaElement;
    expect(merged).toHaveFocus();
    // The cursor where the two joined: before "Ohio".
    expect(merged.selectionStart).toBe('I grew up in '.length);
  });

  it('nudges a time by 0.1 s, never into the next caption, and then keeps the times as sent', async () => {
    const user = userEvent.setup();
    renderEditor();
    await findCaption(1);
    await user.click(screen.getByRole('button', { name: 'End +0.1 s, caption 1' }));
    await user.click(screen.getByRole('button', { name: 'Start −0.1 s, caption 2' }));
    expect(screen.getByRole('button', { name: 'Play 0:00.0 – 0:02.1' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Play 0:02.4 – 0:04.0' })).toBeVisible();
    for (let press = 0; press < 10; press += 1) {
      await user.click(screen.getByRole('button', { name: 'End +0.1 s, caption 1' }));
    }
    // It stops where caption 2 starts.
    expect(screen.getByRole('button', { name: 'Play 0:00.0 – 0:02.4' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      cues: [
        { ...DRAFT_CUES[0], endMs: 2_400 },
        { ...DRAFT_CUES[1], startMs: 2_400 },
      ],
      revision: 0,
      timing: 'as-sent',
    });
  });

  it('plays from a caption and highlights the caption being played', async () => {
    const user = userEvent.setup();
    renderEditor();
    await findCaption(2);
    await user.click(screen.getByRole('button', { name: 'Play 0:02.5 – 0:04.0' }));
    const player = document.querySelector('video')!;
    expect(player.currentTime).toBe(2.5);
    expect(play).toHaveBeenCalled();
    const items = within(screen.getByRole('list', { name: 'Captions' })).getAllByRole('listitem');
    expect(items[1]).toHaveAttribute('aria-current', 'true');
    expect(items[0]).not.toHaveAttribute('aria-current');
  });

  it('saves an uploaded .srt as sent, and refuses a file with no timed caption', async () => {
    const user = userEvent.setup();
    renderEditor();
    await findCaption(1);
    const input = screen.getByLabelText('Upload .vtt or .srt');
    await user.upload(input, new File(['just some words\n'], 'notes.srt'));
    expect(await screen.findByRole('alert')).toHaveTextContent(CAPTIONS_FILE_INVALID_MESSAGE);
    expect(puts).toHaveLength(0);

    const srt =
      '1\r\n00:00:01,000 --> 00:00:02,500\r\nHello <i>there</i>\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nfriend &amp; family\r\n';
    await user.upload(input, new File([srt], 'answer.srt'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      cues: [
        { startMs: 1_000, endMs: 2_500, text: 'Hello there' },
        { startMs: 3_000, endMs: 4_000, text: 'friend & family' },
      ],
      revision: 0,
      timing: 'as-sent',
    });
    expect(await screen.findByText('Captions from answer.srt saved.')).toBeInTheDocument();
    expect(await findCaption(1)).toHaveValue('Hello there');
  });

  it('says in words when someone saved first, and reloads their version', async () => {
    const user = userEvent.setup();
    putStatus = 409;
    renderEditor();
    const first = await findCaption(1);
    await user.type(first, ' state');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TRANSCRIPT_STALE_MESSAGE);
    const reload = screen.getByRole('button', { name: 'Reload the transcript' });
    await waitFor(() => expect(reload).toHaveFocus());

    current = {
      ...draft([{ startMs: 0, endMs: 4_000, text: 'Their version' }]),
      status: 'edited',
      revision: 1,
    };
    await user.click(reload);
    await waitFor(async () => expect(await findCaption(1)).toHaveValue('Their version'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lets the author type the transcript when no draft could be made', async () => {
    const user = userEvent.setup();
    current = {
      ...draft([]),
      status: 'failed',
      source: null,
      engine: null,
      error: TRANSCRIPT_DRAFT_FAILED_MESSAGE,
    };
    renderEditor();
    expect(await screen.findByRole('alert')).toHaveTextContent(TRANSCRIPT_DRAFT_FAILED_MESSAGE);
    await user.click(screen.getByRole('button', { name: 'Type the transcript' }));
    const words = await findCaption(1);
    expect(words).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(EMPTY_CUE_MESSAGE)).toBeInTheDocument();
    expect(puts).toHaveLength(0);

    await user.type(words, 'I grew up in Ohio');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    // One caption over the whole video; the server aligns its words to the recording.
    expect(puts[0]).toEqual({
      cues: [{ startMs: 0, endMs: video.durationMs, text: 'I grew up in Ohio' }],
      revision: 0,
      timing: 'align',
    });
  });

  it('asks before making a new draft, since it replaces the words', async () => {
    const user = userEvent.setup();
    renderEditor();
    await findCaption(1);
    await user.click(screen.getByRole('button', { name: 'Make a new draft' }));
    const confirm = await screen.findByRole('dialog', { name: 'Make a new draft?' });
    expect(confirm).toHaveTextContent('The new draft replaces these captions');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(puts).toHaveLength(0);
  });
});
