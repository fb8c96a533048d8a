import { describe, expect, it } from 'vitest';
import {
  getExtensionForMimeType,
  getMimeEssence,
  pickRecordingMimeType,
  RECORDING_MIME_TYPES,
} from './media-types';

describe('pickRecordingMimeType', () => {
  it('prefers VP9, then VP8, then plain WebM, then MP4', () => {
    expect(RECORDING_MIME_TYPES).toEqual([
      'video/webm;codecs=vp9,opus',
      'video/webm;codecs=vp8,opus',
      'video/webm',
      'video/mp4',
    ]);
    expect(pickRecordingMimeType(() => true)).toBe('video/webm;codecs=vp9,opus');
  });

  it.each<[string[], string | undefined]>([
    [['video/webm;codecs=vp8,opus', 'video/webm'], 'video/webm;codecs=vp8,opus'],
    [['video/webm'], 'video/webm'],
    [['video/mp4'], 'video/mp4'],
    [[], undefined],
  ])('with %o supported picks %s', (supported, expected) => {
    expect(pickRecordingMimeType((type) => supported.includes(type))).toBe(expected);
  });

  it('treats a type check that throws as unsupported', () => {
    expect(
      pickRecordingMimeType((type) => {
        if (type.includes('codecs')) {
          throw new Error('bad type');
        }
        return true;
      }),
    ).toBe('video/webm');
  });
});

describe('types and extensions', () => {
  it.each([
    ['video/webm;codecs=vp9,opus', 'video/webm', 'webm'],
    ['video/mp4; codecs="avc1.42E01E"', 'video/mp4', 'mp4'],
    ['VIDEO/WEBM', 'video/webm', 'webm'],
    ['video/x-matroska;codecs=avc1', 'video/x-matroska', 'mkv'],
    ['', '', 'webm'],
  ])('%s is %s (.%s)', (mimeType, essence, extension) => {
    expect(getMimeEssence(mimeType)).toBe(essence);
    expect(getExtensionForMimeType(mimeType)).toBe(extension);
  });
});
