import { IDENTITY_MESSAGE_TIMEOUT_MS, SSO_MESSAGE_TYPE, SSO_RESULTS } from '@conversa/contracts';

/** Where a sign-in starts: the server sends the browser on to the provider. */
export const SIGN_IN_URL = '/api/auth/login';

/**
 * The silent single-sign-on check's frame address: the server answers it without any page. It
 * uses the code flow, its answer a GET the frame follows back to the studio.
 */
export const SILENT_CHECK_URL = `${SIGN_IN_URL}?prompt=none`;

/**
 * Where the landing page's Sign in leads (spec §4: "a silent check through a hidden page when
 * cookies are enabled; otherwise login-required with hybrid flow"): the hybrid sign-in. By the
 * time it leaves, the silent check has answered login-required, given no answer within the 10 s
 * identity time-out (a browser blocking the frame's cookies), or not run (cookies disabled, right
 * after a sign-out or a failed sign-in); a session it found goes to /dashboard instead. The server
 * asks the provider for `code id_token` by form_post, or keeps the code flow with an issuer that
 * does not offer it.
 */
export const HYBRID_SIGN_IN_URL = `${SIGN_IN_URL}?flow=hybrid`;

/**
 * The landing page's Sign in (`HYBRID_SIGN_IN_URL`), through one identity provider (spec §1's hints): a branded deployment's landing page
 * preselects its own; without a hint the provider's own sign-in page offers them all.
 */
export function buildSignInUrl(idpHint: string | null): string {
  return idpHint === null
    ? HYBRID_SIGN_IN_URL
    : `${HYBRID_SIGN_IN_URL}&idp=${encodeURIComponent(idpHint)}`;
}

export type SilentCheckOutcome = 'signed-in' | 'login-required' | 'timed-out';

export interface SilentCheckFrame {
  /** The frame's window: only its messages count. */
  readonly contentWindow: unknown;
  remove: () => void;
}

export interface SilentCheckDeps {
  /** The studio's own origin: the done page posts with it as targetOrigin, we check it back. */
  origin: string;
  createFrame: (src: string) => SilentCheckFrame;
  addMessageListener: (listener: (event: MessageEvent) => void) => () => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/**
 * Whether the landing page may try the silent check (spec §4 "when cookies are enabled"). Never
 * after a failed sign-in (its message stays), never right after a sign-out (a provider session
 * still open would sign the person straight back in), never inside a frame (no nested checks).
 */
export function canRunSilentCheck(input: {
  isCookieEnabled: boolean;
  isTopWindow: boolean;
  searchParams: URLSearchParams;
}): boolean {
  return (
    input.isCookieEnabled &&
    input.isTopWindow &&
    !input.searchParams.has('signInError') &&
    !input.searchParams.has('signedOut')
  );
}

/**
 * Runs the silent check once: a hidden frame to the studio's `prompt=none` login, answered by a
 * `{ type: 'conversa-sso', result }` message from that frame and the studio's origin. Without an
 * answer within the identity message time-out (spec §9, 10 s) the outcome is `timed-out`. The
 * outcome is reported once, after the frame is gone; the returned function cancels silently.
 */
export function startSilentCheck(
  deps: SilentCheckDeps,
  onOutcome: (outcome: SilentCheckOutcome) => void,
): () => void {
  let isSettled = false;
  const frame = deps.createFrame(SILENT_CHECK_URL);
  const settle = (outcome?: SilentCheckOutcome) => {
    if (isSettled) {
      return;
    }
    isSettled = true;
    removeListener();
    deps.clearTimeout(timer);
    frame.remove();
    if (outcome) {
      onOutcome(outcome);
    }
  };
  const removeListener = deps.addMessageListener((event) => {
    if (event.origin !== deps.origin || event.source !== frame.contentWindow) {
      return;
    }
    const data: unknown = event.data;
    if (typeof data !== 'object' || data === null) {
      return;
    }
    const { type, result } = data as { type?: unknown; result?: unknown };
    if (type !== SSO_MESSAGE_TYPE || !(SSO_RESULTS as readonly unknown[]).includes(result)) {
      return;
    }
    settle(result as SilentCheckOutcome);
  });
  const timer = deps.setTimeout(() => settle('timed-out'), IDENTITY_MESSAGE_TIMEOUT_MS);
  return () => settle();
}

/** The browser's hidden frame, message events and timers. */
export function createBrowserSilentCheckDeps(): SilentCheckDeps {
  return {
    origin: window.location.origin,
    createFrame: (src) => {
      const frame = document.createElement('iframe');
      frame.title = 'Single sign-on check';
      frame.setAttribute('aria-hidden', 'true');
      frame.tabIndex = -1;
      frame.style.cssText = 'position:absolute;width:0;height:0;border:0;visibility:hidden';
      // src before insertion: the frame's one navigation adds no entry to the tab's history.
      frame.src = src;
      document.body.appendChild(frame);
      return { contentWindow: frame.contentWindow, remove: () => frame.remove() };
    },
    addMessageListener: (listener) => {
      window.addEventListener('message', listener);
      return () => window.removeEventListener('message', listener);
    },
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  };
}
