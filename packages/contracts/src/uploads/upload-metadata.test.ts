import { describe, expect, it } from 'vitest';
import {
  AVATAR_CHUNK_BYTES,
  AVATAR_MAX_BYTES,
  getUploadPollDelaySeconds,
  UPLOAD_STATUS_MAX_POLLS,
} from '../constants.ts';
import {
  buildAvatarUploadMetadata,
  buildVideoUploadMetadata,
  DEFAULT_UPLOAD_MAX_BYTES,
  getUploadIdFromUrl,
  isAcceptedAvatarType,
  isAcceptedVideoFile,
  UPLOAD_METADATA_KEYS,
  VIDEO_PROCESSING_MESSAGES,
} from './upload-metadata.ts';

describe('upload id (spec §7: last path segment before any plus sign)', () => {
  it.each([
    ['http://studio.test/files/0f3a9c', '0f3a9c'],
    ['http://studio.test/files/0f3a9c/', '0f3a9c'],
    ['https://studio.test/files/abc+def.ghi', 'abc'],
    ['/files/abc+', 'abc'],
    ['https://studio.test/files/abc?x=1#y', 'abc'],
    ['https://studio.test/files/a%20b', 'a b'],
  ])('%s -> %s', (url, id) => {
    expect(getUploadIdFromUrl(url)).toBe(id);
  });
});

describe('accepted files', () => {
  it.each([
    ['video/mp4', 'a.mp4', true],
    ['video/webm;codecs=vp8,opus', 'take', true],
    ['VIDEO/QUICKTIME', 'a.mov', true],
    ['', 'holiday.mkv', true],
    ['application/octet-stream', 'clip.M4V', true],
    ['', 'notes.txt', false],
    ['text/plain', 'a.mp4', false],
    ['image/png', 'a.png', false],
    [undefined, undefined, false],
  ])('video %s named %s: %s', (type, name, expected) => {
    expect(isAcceptedVideoFile(type, name)).toBe(expected);
  });

  it.each([
    ['image/png', true],
    ['image/jpeg', true],
    ['image/gif', false],
    ['image/svg+xml', false],
    [null, false],
  ])('avatar %s: %s', (type, expected) => {
    expect(isAcceptedAvatarType(type)).toBe(expected);
  });
});

describe('metadata', () => {
  it('of an avatar carries the spec §3 keys', () => {
    expect(
      buildAvatarUploadMetadata({
        resourceType: 'user',
        resourceId: 'u-1',
        filetype: 'image/png',
        source: 'my-profile',
      }),
    ).toEqual({
      source: 'my-profile',
      filetype: 'image/png',
      resource_type: 'user',
      resource_id: 'u-1',
    });
  });

  it('of a video names the storyfile and a question or a clip', () => {
    expect(
      buildVideoUploadMetadata({
        storyfileId: 's',
        target: { clipKind: 'idle' },
        filename: 'idle.webm',
        filetype: 'video/webm',
      }),
    ).toEqual({
      [UPLOAD_METADATA_KEYS.storyfileId]: 's',
      [UPLOAD_METADATA_KEYS.clipKind]: 'idle',
      filename: 'idle.webm',
      filetype: 'video/webm',
    });
  });
});

describe('limits and messages', () => {
  it('keep the spec numbers (§5, §9)', () => {
    expect(AVATAR_MAX_BYTES).toBe(10_000_000_000);
    expect(AVATAR_CHUNK_BYTES).toBe(100_000_000);
    expect(DEFAULT_UPLOAD_MAX_BYTES).toBe(AVATAR_MAX_BYTES);
    expect(UPLOAD_STATUS_MAX_POLLS).toBe(120);
    expect([0, 1, 2, 10].map(getUploadPollDelaySeconds)).toEqual([2, 3, 4, 14]);
  });

  it('say what went wrong in plain words', () => {
    expect(VIDEO_PROCESSING_MESSAGES).toMatchObject({
      notAVideo: 'This file is not a video we can read.',
      noAudio: "This video has no sound; answers need the speaker's voice.",
      empty: 'This video is empty (0 seconds).',
      tooLong: 'This video is longer than 10 minutes; answers should be short.',
    });
  });
});
