import { describe, expect, it } from 'vitest';
import {
  AVATAR_CHUNK_BYTES,
  AVATAR_MAX_BYTES,
  AVATAR_UPLOAD_FAILED_MESSAGE,
  AVATAR_UPLOAD_SUCCEEDED_MESSAGE,
  DASHBOARD_WELCOME_HEADING,
  decideUploadPollStep,
  DEFAULT_PAGE_SIZE,
  DELETE_FAILED_MESSAGE,
  FETCH_FAILED_MESSAGE,
  formatGoToPageTooHighMessage,
  formatUploadingLabel,
  GO_TO_PAGE_TOO_LOW_MESSAGE,
  getUploadPollDelaySeconds,
  LOGIN_STATE_LIFETIME_MS,
  MAX_ROWS_PER_PAGE,
  MIN_ROWS_PER_PAGE,
  PUSH_FAILED_DEFAULT_CODE,
  PUSH_FAILED_MESSAGE,
  RECENT_LIST_LIMIT,
  ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE,
  IDENTITY_MESSAGE_TIMEOUT_MS,
  SEARCH_OPTIONS_EVENT_DELAY_MS,
  SESSION_CHECK_INTERVAL_MS,
  TOAST_AUTO_CLOSE_MS,
  TOKEN_REFRESH_INTERVAL_MS,
  TOKEN_REFRESH_RETRY_DELAY_MS,
  TOKEN_VALIDITY_MARGIN_MS,
  UPDATE_FAILED_MESSAGE,
  UPLOAD_STATES,
  UPLOAD_STATUS_MAX_POLLS,
  USER_MENU_EMAIL_MAX_LENGTH,
  API_VERSION,
} from './constants.ts';

describe('spec §9 numbers', () => {
  it.each([
    ['token refresh every 10 minutes', TOKEN_REFRESH_INTERVAL_MS, 600_000],
    ['refresh retry after 2 seconds', TOKEN_REFRESH_RETRY_DELAY_MS, 2000],
    ['token validity margin 5 seconds', TOKEN_VALIDITY_MARGIN_MS, 5000],
    ['upload polling up to 120 iterations', UPLOAD_STATUS_MAX_POLLS, 120],
    ['recent lists keep 5', RECENT_LIST_LIMIT, 5],
    ['default page size 30', DEFAULT_PAGE_SIZE, 30],
    ['rows per page from 1', MIN_ROWS_PER_PAGE, 1],
    ['rows per page to 100', MAX_ROWS_PER_PAGE, 100],
    ['toast auto-close 3000 ms', TOAST_AUTO_CLOSE_MS, 3000],
    ['login-state lifetime 1 hour', LOGIN_STATE_LIFETIME_MS, 3_600_000],
    ['identity message time-out 10 s', IDENTITY_MESSAGE_TIMEOUT_MS, 10_000],
    ['session check interval 5 s', SESSION_CHECK_INTERVAL_MS, 5000],
    ['search-option events 500 ms', SEARCH_OPTIONS_EVENT_DELAY_MS, 500],
    ['user-menu email 15 characters', USER_MENU_EMAIL_MAX_LENGTH, 15],
    ['avatar max 10,000,000,000 bytes', AVATAR_MAX_BYTES, 10_000_000_000],
    ['avatar chunks 100,000,000 bytes', AVATAR_CHUNK_BYTES, 100_000_000],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('uses API version 1.0.3', () => {
    expect(API_VERSION).toBe('1.0.3');
  });
});

describe('spec texts', () => {
  it.each([
    [FETCH_FAILED_MESSAGE, 'An error occurred while fetching the data.'],
    [PUSH_FAILED_MESSAGE, 'An error occurred while pushing data.'],
    [PUSH_FAILED_DEFAULT_CODE, 'INTERNAL_SERVER_ERROR'],
    [UPDATE_FAILED_MESSAGE, 'An error occurred while updating data.'],
    [DELETE_FAILED_MESSAGE, 'An error occurred while deleting data.'],
    [AVATAR_UPLOAD_FAILED_MESSAGE, 'An error occurred while trying to upload the avatar.'],
    [AVATAR_UPLOAD_SUCCEEDED_MESSAGE, 'Successfully uploaded avatar.'],
    [
      ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE,
      'We cannot show less than 1 or more than 100 items per page.',
    ],
    [GO_TO_PAGE_TOO_LOW_MESSAGE, 'You cannot go to page with number less than 1.'],
    [formatGoToPageTooHighMessage(7), 'You cannot go to page with number more than 7.'],
    [formatUploadingLabel(42), '42% Uploading'],
    [DASHBOARD_WELCOME_HEADING, 'Welcome to Conversa Studio'],
  ])('%j', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('getUploadPollDelaySeconds: floor(1.2 × iteration + 2)', () => {
  it.each([
    [0, 2],
    [1, 3],
    [2, 4],
    [3, 5],
    [4, 6],
    [5, 8],
    [10, 14],
    [15, 20],
    [119, 144],
  ])('iteration %i waits %i s', (iteration, seconds) => {
    expect(getUploadPollDelaySeconds(iteration)).toBe(seconds);
  });
});

describe('decideUploadPollStep', () => {
  it.each([
    ['END', 1, UPLOAD_STATES.PROCESSED, false],
    ['FAIL', 1, UPLOAD_STATES.FAILED, false],
    ['START', 1, UPLOAD_STATES.UPLOADED, true],
    ['', 1, UPLOAD_STATES.UPLOADED, true],
    [null, 1, UPLOAD_STATES.UPLOADED, true],
    [undefined, 119, UPLOAD_STATES.UPLOADED, true],
    ['START', 120, UPLOAD_STATES.FAILED, false],
    [null, 120, UPLOAD_STATES.FAILED, false],
    ['END', 120, UPLOAD_STATES.PROCESSED, false],
  ])('%j after %i polls -> state %i, poll again %s', (status, polls, state, shouldPollAgain) => {
    expect(decideUploadPollStep(status, polls)).toEqual({ state, shouldPollAgain });
  });

  it.each([
    ['UPLOADED', 0],
    ['PROCESSED', 1],
    ['FAILED', 2],
  ] as const)('%s is %i', (name, value) => {
    expect(UPLOAD_STATES[name]).toBe(value);
  });
});
