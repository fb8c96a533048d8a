import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { RecordStage } from './record-stage';

// Issue 32, item 18: a take read 0:09 in its label and 0:08 in the player. The recorder's clock
// (start to stop) ran longer than the video it wrote; the label now shows the video's own length,
// rounded down as the player rounds it.
describe('RecordStage take label', () => {
  it('shows the length the player shows once the video knows it', () => {
    renderWithProviders(
      <RecordStage
        phase="review"
        stream={null}
        problem={null}
        onRetry={() => undefined}
        take={{
          blob: new Blob(['x'], { type: 'video/webm' }),
          url: 'blob:take-9',
          mimeType: 'video/webm',
          durationMs: 9_050,
          wasCapped: false,
        }}
        elapsedMs={9_050}
        capMs={600_000}
        countdownRemaining={null}
        level={0}
        targetTitle="Where did you grow up?"
      />,
    );
    expect(screen.getByText('Your take · 0:09')).toBeInTheDocument();
    const video = screen.getByTestId('take-preview');
    Object.defineProperty(video, 'duration', { configurable: true, value: 8.92 });
    fireEvent.durationChange(video);
    expect(screen.getByText('Your take · 0:08')).toBeInTheDocument();
  });
});
