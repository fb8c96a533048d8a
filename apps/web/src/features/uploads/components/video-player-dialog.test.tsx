import type { StoryfileVideo } from '@conversa/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { VideoPlayerDialog } from './video-player-dialog';

const VIDEO: StoryfileVideo = {
  id: 'v-1',
  uploadId: 'u-1',
  questionId: 'q-1',
  clipKind: null,
  durationMs: 2000,
  width: 320,
  height: 240,
  sizeBytes: 2048,
  filename: 'answer.mp4',
  createdAt: '2026-11-21T18:00:00.000Z',
  videoUrl: '/media/v-1/video.mp4?access_token=t',
  posterUrl: '/media/v-1/poster.jpg?access_token=t',
  audioUrl: '/media/v-1/audio.wav?access_token=t',
  captionsUrl: null,
  urlsExpireAt: '2030-01-01T00:00:00.000Z',
};

function renderDialog(video: StoryfileVideo) {
  renderWithProviders(
    <VideoPlayerDialog
      video={video}
      title="Where did you grow up?"
      onClose={vi.fn()}
      onLoadError={vi.fn()}
    />,
  );
  return screen.getByLabelText<HTMLVideoElement>('Video: Where did you grow up?');
}

describe('VideoPlayerDialog', () => {
  it('plays a video with captions shown by default and says it has them', () => {
    const captionsUrl = '/media/v-1/captions.vtt?access_token=t';
    const video = renderDialog({ ...VIDEO, captionsUrl });
    const track = video.querySelector('track')!;
    expect(track.getAttribute('kind')).toBe('captions');
    expect(track.getAttribute('src')).toBe(captionsUrl);
    expect(track.hasAttribute('default')).toBe(true);
    expect(screen.getByText(/· with captions/)).toBeInTheDocument();
  });

  it('has no captions track for a video without captions', () => {
    const video = renderDialog(VIDEO);
    expect(video.querySelector('track')).toBeNull();
    expect(screen.queryByText(/with captions/)).toBeNull();
  });

  // Issue 32, item 18: an 8.6 s take read 0:09 here while the player floors it to 0:08.
  it('labels the video with the player’s duration: whole seconds rounded down', () => {
    renderDialog({ ...VIDEO, durationMs: 8_600 });
    expect(screen.getByText(/^0:08 ·/)).toBeInTheDocument();
    expect(screen.queryByText(/0:09/)).toBeNull();
  });
});
