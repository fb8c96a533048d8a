import { ACCOUNT_SUSPENDED_MESSAGE } from '../accounts/account.ts';
import { WHITELIST_REFUSED_MESSAGE } from '../accounts/whitelist.ts';

/**
 * Why a sign-in ended on the landing page (`/?signInError=<code>`), by code: the page shows the
 * sentence of a known code and nothing else, so a link cannot put words of its own on the studio's
 * page (issue 43). The server sends codes only; what went wrong in detail goes to its log.
 */
export const SIGN_IN_ERROR_MESSAGES = {
  expired: 'This sign-in has expired. Please sign in again.',
  'not-completed': 'Sign-in was not completed. Please try again.',
  failed: 'Sign-in failed. Please try again.',
  unavailable: 'Sign-in is not available right now. Please try again in a moment.',
  'unknown-provider': 'That identity provider is not one this studio knows.',
  'provider-not-configured':
    'Signing in with that identity provider is not configured on this studio. Ask your administrator to set it up.',
  suspended: ACCOUNT_SUSPENDED_MESSAGE,
  'not-admitted': WHITELIST_REFUSED_MESSAGE,
} as const;

export type SignInErrorCode = keyof typeof SIGN_IN_ERROR_MESSAGES;

/** The sentence of a `signInError` code; null for a code the studio never sends (or none). */
export function readSignInErrorMessage(code: string | null): string | null {
  return code !== null && Object.hasOwn(SIGN_IN_ERROR_MESSAGES, code)
    ? SIGN_IN_ERROR_MESSAGES[code as SignInErrorCode]
    : null;
}
