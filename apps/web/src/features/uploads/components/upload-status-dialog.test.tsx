import { screen, waitFor, within } from '@testing-library/react';
import * as React from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VIDEO_PROCESSING_MESSAGES } from '@conversa/contracts';
import { renderWithProviders } from '@/test/render';
import { VideoUploadsContext } from '../hooks/use-video-uploads';
import type { VideoUploadEntry, VideoUploadPhase } from '../types';
import type { VideoUploadEngine } from '../utils/upload-engine';
import { UploadProgressBar } from './upload-progress-bar';
import { RESELECT_FILE_TEXT, TRY_AGAIN_TEXT, UploadStatusDialog } from './upload-status-dialog';

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
  } as unknown as VideoUploadEngine;
  renderWithProviders(
    <VideoUploadsContext.Provider value={{ engine, entries }}>{ui}</VideoUploadsContext.Provider>,
  );
  return engine;
}

describe('Video Upload Status dialog', () => {
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
  });

  it('shows the server error of a failed upload with Retry and Remove, and asks before cancelling', async () => {
    const user = userEvent.setup();
    const engine = renderWith(
      [
        entry('failed', 'Siblings?', { error: 'This video is empty (0 seconds).' }),
        entry('uploading', 'Where were you born?', { percentage: 10 }),
      ],
      <UploadStatusDialog isOpen onOpenChange={() => undefined} />,
    );
    expect(screen.getByText('This video is empty (0 seconds).')).toBeInTheDocument();
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
  it('says Uploading with the count, opens the dialog, and moves with the arrow keys', async () => {
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
    await user.keyboard('{ArrowUp}');
    expect(bar.style.bottom).toBe('112px');
    expect(JSON.parse(localStorage.getItem('conversa.uploadBar.position')!)).toEqual({
      right: 24,
      bottom: 112,
    });
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

  it('can be hidden when only failures are left, until what it says changes', async () => {
    const user = userEvent.setup();
    renderWith(
      [entry('failed', 'Where were you born?', { error: 'The connection was lost.' })],
      <UploadProgressBar onOpen={() => undefined} />,
    );
    await user.click(screen.getByRole('button', { name: 'Hide the upload bar' }));
    expect(screen.queryByRole('region', { name: 'Upload progress' })).toBeNull();
  });
});

// Issue 15, defect 6: "1 upload failed" followed the person to every page until they found the
// item in the dialog, and the bar's label was cut ("Uploaded 3 videos · 2 fa…").
describe('a failed upload on the bar', () => {
  it('opens the dialog on the failed video, and the bar can be hidden until it changes', async () => {
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
    expect(within(bar).getByTestId('upload-bar-text')).not.toHaveClass('truncate');
    await user.click(within(bar).getByRole('button', { name: /Show what failed/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Video Upload Status' });
    await waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: 'Retry upload of Where were you born?' }),
      ).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    // Finished and failed: the bar offers to dismiss the finished ones; failures stay listed.
    expect(within(bar).getByRole('button', { name: 'Dismiss finished uploads' })).toBeVisible();
  });

  it('can be hidden when only failures are left, until what it says changes', async () => {
    const user = userEvent.setup();
    renderWith(
      [entry('failed', 'Where were you born?', { error: 'The connection was lost.' })],
      <UploadProgressBar onOpen={() => undefined} />,
    );
    await user.click(screen.getByRole('button', { name: 'Hide the upload bar' }));
    expect(screen.queryByRole('region', { name: 'Upload progress' })).toBeNull();
  });
});
