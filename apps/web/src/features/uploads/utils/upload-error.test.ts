import { describe, expect, it } from 'vitest';
import {
  describeUploadError,
  getUploadErrorStatus,
  NETWORK_FAILURE_MESSAGE,
  shouldRetryUploadRequest,
} from './upload-error';

function refusal(status: number, body: string): Error {
  return Object.assign(new Error('refused'), {
    originalResponse: { getStatus: () => status, getBody: () => body },
  });
}

describe('describeUploadError', () => {
  it.each([
    ['the server reason', refusal(415, ' Not a video. '), 'Not a video.'],
    ['the status without a body', refusal(413, '  '), 'The upload was refused (HTTP 413).'],
    ['the network message without an answer', new Error('offline'), NETWORK_FAILURE_MESSAGE],
  ])('gives %s', (_name, error, message) => {
    expect(describeUploadError(error)).toBe(message);
  });
});

describe('getUploadErrorStatus', () => {
  it.each([
    [refusal(500, ''), 500],
    [new Error('offline'), 0],
  ])('reads the status of a failure', (error, status) => {
    expect(getUploadErrorStatus(error)).toBe(status);
  });
});

describe('shouldRetryUploadRequest', () => {
  it.each([
    [401, 0, true, true],
    [401, 1, true, true],
    [401, 2, true, false],
    [0, 5, true, true],
    [0, 0, false, false],
    [500, 0, true, true],
    [503, 0, false, false],
    [409, 0, true, true],
    [423, 0, true, true],
    [400, 0, true, false],
    [403, 0, true, false],
    [413, 0, true, false],
  ])('status %i, attempt %i, online %s: %s', (status, attempt, isOnline, expected) => {
    expect(shouldRetryUploadRequest(status, attempt, isOnline)).toBe(expected);
  });
});
