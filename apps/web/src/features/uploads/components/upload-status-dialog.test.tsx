import { render, screen, waitFor, within } from '@testing-library/react';
import * as React from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VIDEO_PROCESSING_MESSAGES } from '@conversa/contracts';
import { renderWithProviders } from '@/test/render';
import { VideoUploadsContext } from '../hooks/use-video-uploads';
import type { VideoUploadEntry, VideoUploadPhase } from '../types';
import type { VideoUploadEngine } from '../utils/upload-engine';
import { packageUploadStore } from '../utils/package-upload-store';
import { UploadProgressBar } from './upload-progress-bar';
import { RESELECT_FILE_TEXT, UPLOAD_AGAIN_TEXT } from './reselect-file';
import { REPLACE_FILE_TEXT, TRY_AGAIN_TEXT } from './upload-row';
import { UploadStatusDialog } from './upload-status-dialog';

function entry(
  phase: VideoUploadPhase,
  questionText: string,
  overrides: Partial<VideoUploadEntry> = {},
): VideoUploadEntry {
  return {
    id: questionText,
    clientKey: questionText,
    storyfileId: 's-1',
    storyfileName: 'Grandma Rose',
    target: { kind: 'question', questionId: questionText, topicName: 'Childhood', questionText },
    topicName: 'Childhood',
    questionText,
    percentage: 0,
    uploadStatus: null,
    phase,
    error: null,
    serverUploadId: null,
    uploadUrl: null,
    filename: `${questionText}.mp4`,
    filetype: 'video/mp4',
    sizeBytes: 2048,
    uploadedBytes: 0,
    pollsMade: 0,
    needsFile: false,
    isResumable: true,
    ...overrides,
  };
}

function renderWith(entries: VideoUploadEntry[], ui: React.ReactNode) {
  const engine = {
    hasFile: () => true,
    pause: vi.fn(),
    resume: vi.fn(),
    retry: vi.fn(),
    retryProcessing: vi.fn(() => Promise.resolve()),
    cancel: vi.fn(() => Promise.resolve()),
    dismiss: vi.fn(),
    clearFinished: vi.fn(),
    provideFile: vi.fn(() => null),
    start: vi.fn(() => 'new-key'),
  } as unknown as VideoUploadEngine;
  renderWithProviders(
    <VideoUploadsContext.Provider value={{ engine, entries }}>{ui}</VideoUploadsContext.Provider>,
  );
  return engine;
}

/** The bar alone, re-rendered with other uploads as the engine's list changes. */
function renderWithEntries(entries: VideoUploadEntry[]) {
  const engine = { clearFinished: vi.fn() } as unknown as VideoUploadEngine;
  const view = (list: VideoUploadEntry[]) => (
    <VideoUploadsContext.Provider value={{ engine, entries: list }}>
      <UploadProgressBar onOpen={() => undefined} />
    </VideoUploadsContext.Provider>
  );
  const result = render(view(entries));
  return {
    rerender: (list: VideoUploadEntry[]) => result.rerender(view(list)),
    unmount: () => result.unmount(),
  };
}

describe('Video Upload Status dialog', () => {
  // The first test of the file loads the dialog and Radix cold: seconds on a loaded machine.
  it('lists each storyfile with overall progress and, expanded, each video with the spec labels', async () => {
    const user = userEvent.setup();
    renderWith(
      [
        entry('uploading', 'Where were you born?', { percentage: 42, uploadedBytes: 860 }),
        entry('processing', 'Siblings?'),
        entry('ready', 'First job?'),
      ],
      <UploadStatusDialog isOpen onOpenChange={() => undefined} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Video Upload Status' });
    expect(within(dialog).getByRole('heading', { name: 'Grandma Rose' })).toBeInTheDocument();
    expect(
      within(dialog).getByRole('progressbar', { name: 'Overall progress of Grandma Rose' }),
    ).toHaveAttribute('aria-valuenow', '80');
    await user.click(within(dialog).getByRole('button', { name: 'Show videos of Grandma Rose' }));
    const videos = within(dialog).getByRole('list', { name: 'Videos of Grandma Rose' });
    expect(within(videos).getAllByText('Childhood')).toHaveLength(3);
    expect(within(videos).getByText('Where were you born?')).toBeInTheDocument();

    // Each label's tooltip opens on keyboard focus (spec §2 wording).
    for (const [label, tooltip] of [
      ['42% Uploading', 'Video uploading to server'],
      ['Processing', 'Video uploaded, must process to view'],
      ['Uploaded', 'Successfully uploaded and processed!'],
    ] as const) {
      within(videos).getByRole('button', { name: label }).focus();
      expect(await screen.findByRole('tooltip', { name: tooltip })).toBeInTheDocument();
    }
  }, 30_000);

  it('shows the server error of a failed upload with Retry and Remove, and asks before cancelling', async () => {
    const user = userEvent.setup();
    const engine = renderWith(
      [
        entry('failed', 'Siblings?', { error: 'The connection was lost.' }),
        entry('uploading', 'Where were you born?', { percentage: 10 }),
      ],
      <UploadStatusDialog isOpen onOpenChange={() => undefined} />,
    );
    expect(screen.getByText('The connection was lost.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry upload of Siblings?' }));
    expect(engine.retry).toHaveBeenCalledWith('Siblings?');
    await user.click(screen.getByRole('button', { name: 'Cancel upload of Where were you born?' }));
    expect(engine.cancel).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(engine.cancel).toHaveBeenCalledWith('Where were you born?');
    await user.click(screen.getByRole('button', { name: 'Remove upload of Siblings?' }));
    expect(engine.dismiss).toHaveBeenCalledWith('Siblings?');
  });

  it('offers Try again, without the file, when the studio failed to process a video', async () => {
    const user = userEvent.setup();
    const engine = renderWith(
      [
        entry('failed', 'Siblings?', {
          error: VIDEO_PROCESSING_MESSAGES.failed,
          serverUploadId: 'up-1',
          isResumable: false,
        }),
      ],
      <UploadStatusDialog isOpen onOpenChange={() => undefined} />,
    );
    expect(screen.getByText(VIDEO_PROCESSING_MESSAGES.failed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry upload of Siblings?' })).toBeNull();
    const tryAgain = screen.getByRole('button', { name: 'Try processing Siblings? again' });
    expect(tryAgain).toHaveTextContent(TRY_AGAIN_TEXT);
    await user.click(tryAgain);
    expect(engine.retryProcessing).toHaveBeenCalledWith('Siblings?');
  });

  it('asks for the file again after a reload', async () => {
    const user = userEvent.setup();
    const engine = renderWith(
      [entry('paused', 'Where were you born?', { needsFile: true, percentage: 37 })],
      <UploadStatusDialog isOpen onOpenChange={() => undefined} />,
    );
    expect(screen.getByText('Paused at 37%')).toBeInTheDocument();
    const file = new File(['x'], 'Where were you born?.mp4', { type: 'video/mp4' });
    await user.upload(screen.getByLabelText(`${RESELECT_FILE_TEXT}: Where were you born?`), file);
    expect(engine.provideFile).toHaveBeenCalledWith('Where were you born?', file);
  });
});

describe('floating upload-progress bar', () => {
  it('says Uploading with the count, opens the dialog, and moves along the dock with the arrow keys', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    renderWith(
      [entry('uploading', 'A'), entry('uploading', 'B'), entry('processing', 'C')],
      <UploadProgressBar onOpen={onOpen} />,
    );
    const bar = screen.getByRole('region', { name: 'Upload progress' });
    expect(within(bar).getByTestId('upload-bar-text')).toHaveTextContent('Uploading 2 videos');
    await user.click(within(bar).getByRole('button', { name: /Uploading 2 videos/ }));
    expect(onOpen).toHaveBeenCalled();
    const grip = within(bar).getByRole('button', { name: 'Move the upload progress bar' });
    grip.focus();
    await user.keyboard('{ArrowLeft}');
    expect(bar.style.marginRight).toBe('24px');
    expect(JSON.parse(localStorage.getItem('conversa.uploadBar.position')!)).toEqual({
      right: 24,
      bottom: 8,
    });
    // The dock keeps the bottom edge (issue 44, item 26): up and down move nothing.
    await user.keyboard('{ArrowUp}');
    expect(bar.style.marginRight).toBe('24px');
    expect(bar.style.bottom).toBe('');
  });

  it('is absent without uploads', () => {
    renderWith([], <UploadProgressBar onOpen={() => undefined} />);
    expect(screen.queryByRole('region', { name: 'Upload progress' })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is there with one upload', () => {
    renderWith([entry('uploading', 'Siblings?')], <UploadProgressBar onOpen={() => undefined} />);
    expect(screen.getByRole('region', { name: 'Upload progress' })).toBeInTheDocument();
  });

  it('says "1 failed" when only a failure is left, until it is dismissed (issue 44)', async () => {
    localStorage.clear();
    const user = userEvent.setup();
    const failed = entry('failed', 'Where were you born?', {
      error: 'The connection was lost.',
      serverUploadId: 'up-failed',
    });
    const first = renderWithEntries([failed]);
    const bar = screen.getByRole('region', { name: 'Upload progress' });
    expect(within(bar).getByTestId('upload-bar-text')).toHaveTextContent(/^1 failed$/);
    await user.click(within(bar).getByRole('button', { name: 'Dismiss failed uploads' }));
    expect(screen.queryByRole('region', { name: 'Upload progress' })).toBeNull();
    first.unmount();
    // Seen stays seen after a reload (the restored upload has a new client key).
    renderWithEntries([{ ...failed, clientKey: 'restored-key' }]);
    expect(screen.queryByRole('region', { name: 'Upload progress' })).toBeNull();
  });
});

describe('a storyfile package upload and the bar', () => {
  it('shows the package going up with its progress, after the videos, then Uploaded until dismissed', async () => {
    const user = userEvent.setup();
    localStorage.clear();
    packageUploadStore.reset();
    const engine = renderWith([], <UploadProgressBar onOpen={() => undefined} />);
    expect(screen.queryByRole('region', { name: 'Upload progress' })).toBeNull();

    const key = packageUploadStore.begin('grandma-rose.zip', 1000);
    React.act(() => packageUploadStore.progress(key, 250, 1000));
    const bar = await screen.findByRole('region', { name: 'Upload progress' });
    expect(within(bar).getByTestId('upload-bar-text')).toHaveTextContent(/^Uploading 1 package$/);
    expect(
      within(bar).getByRole('progressbar', { name: 'Overall upload progress' }),
    ).toHaveAttribute('aria-valuenow', '25');
    React.act(() => packageUploadStore.finish(key));
    expect(within(bar).getByTestId('upload-bar-text')).toHaveTextContent(/^Uploaded 1 package$/);
    await user.click(within(bar).getByRole('button', { name: 'Dismiss finished uploads' }));
    expect(engine.clearFinished).toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Upload progress' })).toBeNull();
    packageUploadStore.reset();
  });

  it('names the package after the videos, and a failed one leaves the bar (the import dialog says why)', () => {
    packageUploadStore.reset();
    const key = packageUploadStore.begin('grandma-rose.zip', 1000);
    renderWith([entry('uploading', 'A')], <UploadProgressBar onOpen={() => undefined} />);
    const bar = screen.getByRole('region', { name: 'Upload progress' });
    expect(within(bar).getByTestId('upload-bar-text')).toHaveTextContent(
      /^Uploading 1 video · Uploading 1 package$/,
    );
    React.act(() => packageUploadStore.drop(key));
    expect(within(bar).getByTestId('upload-bar-text')).toHaveTextContent(/^Uploading 1 video$/);
  });
});

// Issue 32: "1 upload failed" stayed on every page and after reloads, came back after "Hide the
// upload bar", and showed a green tick on "Uploaded 2 videos · 1 failed".
describe('a failed upload and the bar', () => {
  it('carries a failure until the dialog that lists it with Retry is opened (issue 44)', async () => {
    const user = userEvent.setup();
    const failed = [
      entry('ready', 'First job?', { storyfileId: 's-2', storyfileName: 'Grandpa Joe' }),
      entry('failed', 'Where were you born?', { error: 'The connection was lost.' }),
    ];
    function Harness() {
      const [isOpen, setIsOpen] = React.useState(false);
      return (
        <>
          <UploadProgressBar onOpen={() => setIsOpen(true)} />
          <UploadStatusDialog isOpen={isOpen} onOpenChange={setIsOpen} />
        </>
      );
    }
    renderWith(failed, <Harness />);
    const bar = screen.getByRole('region', { name: 'Upload progress' });
    expect(within(bar).getByTestId('upload-bar-text')).toHaveTextContent(
      /^Uploaded 1 video · 1 failed$/,
    );
    // No green tick beside a failure (issue 32).
    expect(within(bar).queryByTestId('upload-bar-done')).toBeNull();
    await user.click(within(bar).getByRole('button', { name: /Show upload status/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Video Upload Status' });
    expect(
      within(dialog).getByRole('button', { name: 'Retry upload of Where were you born?' }),
    ).toBeVisible();
    expect(within(dialog).getByText('The connection was lost.')).toBeVisible();
    // Seen: back on the page, the bar no longer carries it.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      within(screen.getByRole('region', { name: 'Upload progress' })).getByTestId(
        'upload-bar-text',
      ),
    ).toHaveTextContent(/^Uploaded 1 video$/);
  });

  it('stays hidden after "Hide the upload bar", across a reload, until a new upload starts', async () => {
    localStorage.clear();
    const user = userEvent.setup();
    const uploading = entry('uploading', 'Where were you born?', {
      serverUploadId: 'up-1',
      percentage: 40,
    });
    const first = renderWithEntries([uploading]);
    await user.click(screen.getByRole('button', { name: 'Hide the upload bar' }));
    expect(screen.queryByRole('region', { name: 'Upload progress' })).toBeNull();
    first.rerender([{ ...uploading, phase: 'processing' }]);
    expect(screen.queryByRole('region', { name: 'Upload progress' })).toBeNull();
    first.unmount();

    // A reload: the same upload comes back from the server under a new client key.
    const reloaded = renderWithEntries([
      { ...uploading, clientKey: 'restored-1', phase: 'processing' },
    ]);
    expect(screen.queryByRole('region', { name: 'Upload progress' })).toBeNull();
    reloaded.rerender([
      { ...uploading, clientKey: 'restored-1', phase: 'processing' },
      entry('uploading', 'Siblings?'),
    ]);
    expect(screen.getByRole('region', { name: 'Upload progress' })).toHaveTextContent(
      'Uploading 1 video',
    );
  });
});

// Issue 32: "This file is not a video we can read." offered Retry, which cannot succeed.
describe('a file the studio refused', () => {
  it('offers Replace, not Retry, and starts a new upload of the chosen file', async () => {
    const user = userEvent.setup();
    const engine = renderWith(
      [
        entry('failed', 'Siblings?', {
          error: VIDEO_PROCESSING_MESSAGES.notAVideo,
          serverUploadId: 'up-1',
          isResumable: false,
        }),
      ],
      <UploadStatusDialog isOpen onOpenChange={() => undefined} />,
    );
    expect(screen.getByText('This file is not a video we can read.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry upload of Siblings?' })).toBeNull();
    const file = new File(['x'], 'siblings.mp4', { type: 'video/mp4' });
    await user.upload(screen.getByLabelText(`${REPLACE_FILE_TEXT}: Siblings?`), file);
    expect(engine.start).toHaveBeenCalledWith(
      expect.objectContaining({ storyfileId: 's-1', file, filename: 'siblings.mp4' }),
    );
  });
});

// Issue 68, item 8: the dialog upper-cased topic names, offered "Upload the file again" for a file
// it cannot read (after a reload: the page holds no bytes), and showed "0%" for a failed group.
describe('a failed upload after a reload', () => {
  it("keeps the topic's case, offers another file with the reason, and no percentage", () => {
    renderWith(
      [
        entry('failed', 'Siblings?', {
          topicName: 'Childhood in Ohio',
          error: VIDEO_PROCESSING_MESSAGES.notAVideo,
          needsFile: true,
          isResumable: false,
        }),
      ],
      <UploadStatusDialog isOpen onOpenChange={() => undefined} />,
    );
    const topic = screen.getByText('Childhood in Ohio');
    expect(topic).not.toHaveClass('uppercase');
    expect(screen.getByText(VIDEO_PROCESSING_MESSAGES.notAVideo)).toBeVisible();
    expect(screen.getByLabelText(`${REPLACE_FILE_TEXT}: Siblings?`)).toBeInTheDocument();
    expect(REPLACE_FILE_TEXT).toBe('Choose another file');
    expect(screen.queryByText(UPLOAD_AGAIN_TEXT)).toBeNull();
    expect(screen.queryByText('0%')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
