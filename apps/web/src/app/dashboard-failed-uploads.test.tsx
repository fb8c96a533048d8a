import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardScreen } from '@/features/dashboard';
import { renderWithProviders } from '@/test/render';
import { VideoUploadsContext } from '@/features/uploads/hooks/use-video-uploads';
import type { VideoUploadEntry, VideoUploadPhase } from '@/features/uploads/types';
import type { VideoUploadEngine } from '@/features/uploads/utils/upload-engine';
import { FailedUploadsNotice } from '@/features/uploads/shell';

// Issue 44, item 5: a failed upload vanished from the bar and the dashboard showed no sign.

function entry(phase: VideoUploadPhase, questionText: string): VideoUploadEntry {
  return {
    id: questionText,
    clientKey: questionText,
    storyfileId: 's-1',
    storyfileName: 'Grandma Rose',
    target: { kind: 'question', questionId: questionText, topicName: 'Childhood', questionText },
    topicName: 'Childhood',
    questionText,
    percentage: 0,
    uploadStatus: phase === 'failed' ? 2 : null,
    phase,
    error: phase === 'failed' ? 'This file is not a video we can read.' : null,
    serverUploadId: null,
    uploadUrl: null,
    filename: `${questionText}.mp4`,
    filetype: 'video/mp4',
    sizeBytes: 2048,
    uploadedBytes: 0,
    pollsMade: 0,
    needsFile: false,
    isResumable: false,
  };
}

function renderDashboard(entries: VideoUploadEntry[], openStatus = vi.fn()) {
  renderWithProviders(
    <VideoUploadsContext.Provider
      value={{ engine: {} as unknown as VideoUploadEngine, entries, openStatus }}
    >
      <DashboardScreen avatar={null} displayName="Vic" notice={<FailedUploadsNotice />} />
    </VideoUploadsContext.Provider>,
  );
  return openStatus;
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }))),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the dashboard’s sign of failed uploads', () => {
  it('names the failed videos and opens the upload status', async () => {
    const user = userEvent.setup();
    const openStatus = renderDashboard([
      entry('failed', 'Where were you born?'),
      entry('uploading', 'Who were your best friends?'),
    ]);
    const sign = screen.getByRole('alert');
    expect(sign).toHaveTextContent(
      'Error! 1 video upload failed: “Where were you born?” (Grandma Rose).',
    );
    expect(sign).not.toHaveTextContent('best friends');
    await user.click(screen.getByRole('button', { name: 'Show upload status' }));
    expect(openStatus).toHaveBeenCalled();
  });

  it('shows nothing without a failure', () => {
    renderDashboard([entry('processing', 'Where were you born?')]);
    expect(screen.queryByText(/video upload/)).not.toBeInTheDocument();
  });
});
