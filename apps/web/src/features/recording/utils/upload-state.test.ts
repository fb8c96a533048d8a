import { describe, expect, it } from 'vitest';
import { describeTargetStatus, isTargetDone, type TargetUploadState } from './upload-state';

const state = (phase: TargetUploadState['phase'], percentage = 0, error: string | null = null) => ({
  phase,
  percentage,
  error,
});

describe('describeTargetStatus', () => {
  it.each([
    [state('uploading', 42.7), false, '42% Uploading', 'Video uploading to server'],
    [state('uploading', 130), false, '100% Uploading', 'Video uploading to server'],
    [state('processing', 100), false, 'Processing', 'Video uploaded, must process to view'],
    // Issue 15, defect 9: one word for one state; the server's recorded answers also read Recorded.
    [state('ready', 100), false, 'Recorded', 'Successfully uploaded and processed!'],
    [
      state('failed', 100, 'This video has no sound; answers need the speaker’s voice.'),
      true,
      'Upload failed: This video has no sound; answers need the speaker’s voice.',
      null,
    ],
    [state('failed', 10), false, 'Upload failed', null],
  ])(
    'an upload %o shows %s (spec §2 labels and tooltips)',
    (uploadState, isRecorded, label, tooltip) => {
      expect(describeTargetStatus({ uploadState, isRecorded, isKept: true })).toMatchObject({
        label,
        tooltip,
      });
    },
  );

  it('without an upload: kept, recorded or not recorded', () => {
    const base = { uploadState: undefined };
    expect(describeTargetStatus({ ...base, isRecorded: true, isKept: true }).label).toBe(
      'Take kept',
    );
    expect(describeTargetStatus({ ...base, isRecorded: true, isKept: false }).label).toBe(
      'Recorded',
    );
    expect(describeTargetStatus({ ...base, isRecorded: false, isKept: false }).label).toBe(
      'Not recorded',
    );
  });
});

describe('isTargetDone', () => {
  it('needs a take again after a failed upload, even if an older one is recorded', () => {
    expect(isTargetDone({ uploadState: state('failed'), isRecorded: true, isKept: true })).toBe(
      false,
    );
    expect(
      isTargetDone({ uploadState: state('uploading'), isRecorded: false, isKept: false }),
    ).toBe(true);
    expect(isTargetDone({ uploadState: undefined, isRecorded: false, isKept: true })).toBe(true);
    expect(isTargetDone({ uploadState: undefined, isRecorded: true, isKept: false })).toBe(true);
    expect(isTargetDone({ uploadState: undefined, isRecorded: false, isKept: false })).toBe(false);
  });
});
