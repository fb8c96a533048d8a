// Business constants and fixed texts of the spec (§2, §4, §5, §7, §8, §9). Durations are in
// milliseconds unless the name says otherwise.

export const PRODUCT_NAME = 'Conversa Studio';
/** Heading of the first crumb on /dashboard (spec §2). */
export const DASHBOARD_WELCOME_HEADING = `Welcome to ${PRODUCT_NAME}`;

// Session (spec §4, §9)
export const TOKEN_REFRESH_INTERVAL_MS = 10 * 60 * 1000;
export const TOKEN_REFRESH_RETRY_DELAY_MS = 2 * 1000;
/** A token expiring within this margin counts as expired already. */
export const TOKEN_VALIDITY_MARGIN_MS = 5 * 1000;
export const LOGIN_STATE_LIFETIME_MS = 60 * 60 * 1000;
/** How long the landing page waits for the silent single-sign-on check to answer (spec §9). */
export const IDENTITY_MESSAGE_TIMEOUT_MS = 10 * 1000;
/**
 * Spec §9's session check interval. Deliberately unused: the studio session lives on the server
 * and is checked on every request, so no check-session iframe polls the provider (see README).
 */
export const SESSION_CHECK_INTERVAL_MS = 5 * 1000;
/** The silent check's frame posts `{ type: SSO_MESSAGE_TYPE, result }` to the landing page. */
export const SSO_MESSAGE_TYPE = 'conversa-sso';
export const SSO_RESULTS = ['signed-in', 'login-required'] as const;
export type SsoResult = (typeof SSO_RESULTS)[number];
/**
 * Where the studio sends a browser it just signed out itself: the landing page skips the silent
 * check there, so a provider session that is still open cannot sign the person straight back in.
 */
export const SIGNED_OUT_LANDING_PATH = '/?signedOut=1';

/** Identity-provider hints accepted at sign-in (spec §1). */
export const IDP_HINTS = ['facebook', 'google', 'medtronic', 'walmart'] as const;
export type IdpHint = (typeof IDP_HINTS)[number];

// Gateway calls (spec §7)
export const API_VERSION = '1.0.3';
export const API_ACCEPT_HEADER_VALUE = `application/json; version=${API_VERSION}`;
/** The spec fixes that a system identifier header is sent, not its name or value. */
export const SYSTEM_ID_HEADER = 'x-system-id';
export const SYSTEM_ID = 'conversa-studio-web';

// Upload processing (spec §3, §4, §9)
export const UPLOAD_STATES = { UPLOADED: 0, PROCESSED: 1, FAILED: 2 } as const;
export type UploadState = (typeof UPLOAD_STATES)[keyof typeof UPLOAD_STATES];
export const UPLOAD_SERVER_STATUSES = ['START', 'END', 'FAIL'] as const;
export type UploadServerStatus = (typeof UPLOAD_SERVER_STATUSES)[number];
export const UPLOAD_STATUS_MAX_POLLS = 120;

/**
 * Seconds to wait before poll number `iteration` (zero-based): floor(1.2 × iteration + 2).
 * Integer arithmetic, because 1.2 has no exact binary form.
 */
export function getUploadPollDelaySeconds(iteration: number): number {
  return Math.floor((12 * iteration + 20) / 10);
}

/**
 * What to do after a status answer, given how many polls have been made including this one:
 * END -> processed, FAIL -> failed, START or empty -> still uploaded and poll again, until
 * UPLOAD_STATUS_MAX_POLLS polls have gone by without a result, which counts as failed.
 */
export function decideUploadPollStep(
  status: string | null | undefined,
  pollsMade: number,
): { state: UploadState; shouldPollAgain: boolean } {
  if (status === 'END') {
    return { state: UPLOAD_STATES.PROCESSED, shouldPollAgain: false };
  }
  if (status === 'FAIL') {
    return { state: UPLOAD_STATES.FAILED, shouldPollAgain: false };
  }
  if (pollsMade >= UPLOAD_STATUS_MAX_POLLS) {
    return { state: UPLOAD_STATES.FAILED, shouldPollAgain: false };
  }
  return { state: UPLOAD_STATES.UPLOADED, shouldPollAgain: true };
}

// Upload progress texts (spec §2)
export const UPLOAD_STATUS_DIALOG_TITLE = 'Video Upload Status';
export const UPLOADED_LABEL = 'Uploaded';
export const UPLOADED_TOOLTIP = 'Successfully uploaded and processed!';
export const UPLOADING_TOOLTIP = 'Video uploading to server';
export const PROCESSING_LABEL = 'Processing';
export const PROCESSING_TOOLTIP = 'Video uploaded, must process to view';

/** Per-video label while uploading, e.g. `42% Uploading`. */
export function formatUploadingLabel(percentage: number): string {
  return `${percentage}% Uploading`;
}

// Layout (spec §2)
export const TOAST_AUTO_CLOSE_MS = 3000;
export const ALERT_PREFIXES = {
  warning: 'Warning!',
  error: 'Error!',
  success: 'Success!',
} as const;
export const SUPPORT_HOURS = 'Mon-Fri 9am-6pm PT';
/** Values of the `tab` query parameter that hide the footer. */
export const FOOTER_HIDDEN_TABS = ['record', 'interact'] as const;

// Lists, paging and search (spec §2, §4, §5, §9)
export const RECENT_LIST_LIMIT = 5;
export const DEFAULT_PAGE_SIZE = 30;
export const MIN_ROWS_PER_PAGE = 1;
export const MAX_ROWS_PER_PAGE = 100;
/** The `page` query parameter is one-based. */
export const FIRST_PAGE = 1;
export const SEARCH_OPTIONS_EVENT_DELAY_MS = 500;
export const USER_MENU_EMAIL_MAX_LENGTH = 15;
/** Marker in an item name that keeps the item out of recent lists. */
export const DELETED_NAME_MARKER = ' - Deleted';

export const ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE =
  'We cannot show less than 1 or more than 100 items per page.';
export const GO_TO_PAGE_TOO_LOW_MESSAGE = 'You cannot go to page with number less than 1.';

/** Go-to-page message for a page above the last one. */
export function formatGoToPageTooHighMessage(pageCount: number): string {
  return `You cannot go to page with number more than ${pageCount}.`;
}

// Avatar upload (spec §5, §9)
export const AVATAR_MAX_FILES = 1;
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
export const AVATAR_MAX_BYTES = 10_000_000_000;
export const AVATAR_CHUNK_BYTES = 100_000_000;

// Error catalogue (spec §8)
export const FETCH_FAILED_MESSAGE = 'An error occurred while fetching the data.';
export const PUSH_FAILED_MESSAGE = 'An error occurred while pushing data.';
export const PUSH_FAILED_DEFAULT_CODE = 'INTERNAL_SERVER_ERROR';
export const UPDATE_FAILED_MESSAGE = 'An error occurred while updating data.';
export const DELETE_FAILED_MESSAGE = 'An error occurred while deleting data.';
/** The catalogue's message for a request of `method` that failed without a message of its own. */
export function getFailureMessage(method: string): string {
  switch (method.toUpperCase()) {
    case 'POST':
      return PUSH_FAILED_MESSAGE;
    case 'PUT':
    case 'PATCH':
      return UPDATE_FAILED_MESSAGE;
    case 'DELETE':
      return DELETE_FAILED_MESSAGE;
    default:
      return FETCH_FAILED_MESSAGE;
  }
}
export const AVATAR_UPLOAD_FAILED_MESSAGE = 'An error occurred while trying to upload the avatar.';
export const AVATAR_UPLOAD_SUCCEEDED_MESSAGE = 'Successfully uploaded avatar.';
