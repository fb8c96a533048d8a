import {
  TOKEN_REFRESH_INTERVAL_MS,
  TOKEN_REFRESH_RETRY_DELAY_MS,
  TOKEN_VALIDITY_MARGIN_MS,
  SIGNED_OUT_LANDING_PATH,
  refreshTokenResponseSchema,
  sessionInfoSchema,
  type SessionInfo,
} from '@conversa/contracts';
import { API_HEADERS } from '@/lib/api-client';

/** Channel every open tab of the studio listens on for refreshed tokens and logouts (spec §4). */
export const TOKEN_BROADCAST_CHANNEL = 'conversa-studio-token';

type BroadcastMessage = { type: 'refreshed'; session: SessionInfo } | { type: 'logout' };

export interface SessionManagerDeps {
  fetch: typeof fetch;
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
  /** Leaves the studio: a full navigation so no studio data stays in memory. */
  navigate: (url: string) => void;
  /**
   * True on a page open to visitors (the public player): when the session ends there, the page
   * stays where it is, signed out, instead of leaving for `/`.
   */
  isPublicPage: () => boolean;
  createChannel: () => Pick<BroadcastChannel, 'postMessage' | 'close'> & {
    onmessage: ((event: MessageEvent<BroadcastMessage>) => void) | null;
  };
}

export type RefreshResult = 'refreshed' | 'cleared' | 'logged-out';

/**
 * Keeps the browser session alive exactly as spec §4/§9 say: refresh every 10 minutes; a failed
 * refresh is retried once after 2 seconds, then the user is logged out; a refresh answered 400
 * clears the token; an expired access token with a valid refresh token refreshes first; both
 * expired logs out (5-second validity margin). Tokens themselves never reach this code.
 */
export class SessionManager {
  private session: SessionInfo | null = null;
  private refreshing: Promise<RefreshResult> | undefined;
  private isLoggingOut = false;
  private isLeavingPage = false;
  private interval: unknown;
  private channel: ReturnType<SessionManagerDeps['createChannel']> | undefined;
  private readonly listeners = new Set<(session: SessionInfo | null) => void>();

  constructor(private readonly deps: SessionManagerDeps) {}

  get current(): SessionInfo | null {
    return this.session;
  }

  /**
   * True once the session ended and a full navigation away has been asked for. Until the browser
   * unloads, the page must not act as signed out: the landing page's silent check, started then,
   * would reach the provider beside its end-session and can undo the logout it is confirming.
   */
  get isLeaving(): boolean {
    return this.isLeavingPage;
  }

  subscribe(listener: (session: SessionInfo | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Loads the session of this browser, if any, and starts the refresh timer. */
  async start(): Promise<SessionInfo | null> {
    this.channel ??= this.openChannel();
    const response = await this.deps.fetch('/api/auth/session', {
      credentials: 'same-origin',
      headers: API_HEADERS,
    });
    // 204: signed out.
    this.setSession(
      response.status === 200 ? sessionInfoSchema.parse(await response.json()) : null,
    );
    if (this.session) {
      this.startTimer();
    }
    return this.session;
  }

  stop(): void {
    this.stopTimer();
    this.channel?.close();
    this.channel = undefined;
  }

  isAccessTokenValid(): boolean {
    return (
      this.session !== null && this.session.expiresIn - TOKEN_VALIDITY_MARGIN_MS > this.deps.now()
    );
  }

  isRefreshTokenValid(): boolean {
    if (this.session === null) {
      return false;
    }
    return (
      this.session.refreshExpiresIn === null ||
      this.session.refreshExpiresIn - TOKEN_VALIDITY_MARGIN_MS > this.deps.now()
    );
  }

  /** Before a gateway call: refresh an expired access token, or log out when nothing is valid. */
  async ensureFreshToken(): Promise<void> {
    if (this.session === null || this.isAccessTokenValid()) {
      return;
    }
    if (this.isRefreshTokenValid()) {
      await this.refresh();
      return;
    }
    await this.logout();
  }

  /** Refreshes once for all concurrent callers. */
  refresh(): Promise<RefreshResult> {
    this.refreshing ??= this.refreshWithRetry().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async refreshWithRetry(): Promise<RefreshResult> {
    const first = await this.requestRefresh();
    if (first !== 'failed') {
      return first;
    }
    await new Promise<void>((resolve) =>
      this.deps.setTimeout(resolve, TOKEN_REFRESH_RETRY_DELAY_MS),
    );
    const second = await this.requestRefresh();
    if (second !== 'failed') {
      return second;
    }
    await this.logout();
    return 'logged-out';
  }

  private async requestRefresh(): Promise<'refreshed' | 'cleared' | 'failed'> {
    let response: Response;
    try {
      response = await this.deps.fetch('/api/refresh_token', {
        method: 'POST',
        credentials: 'same-origin',
        headers: API_HEADERS,
      });
    } catch {
      return 'failed';
    }
    if (response.status === 400) {
      // Spec §8: a refresh answered 400 clears the token; without it the user is signed out.
      this.stopTimer();
      this.channel?.postMessage({ type: 'logout' });
      this.endSession(SIGNED_OUT_LANDING_PATH);
      return 'cleared';
    }
    if (!response.ok) {
      return 'failed';
    }
    const body = refreshTokenResponseSchema.parse(await response.json());
    if (!body.session) {
      return 'failed';
    }
    this.setSession(body.session);
    this.channel?.postMessage({ type: 'refreshed', session: body.session });
    return 'refreshed';
  }

  /**
   * Ends the session on the server and leaves for `/` (through the provider's sign-out: the answer
   * names a studio path, /api/auth/logout, which the server redirects to the provider with the ID
   * token hint, so this page never holds the ID token). Once it
   * has begun, it alone decides where the page goes: a request of the page answered 401 meanwhile
   * (its session is being deleted) must not send the page elsewhere mid-way through the
   * provider's sign-out.
   */
  async logout(): Promise<void> {
    if (this.isLoggingOut) {
      return;
    }
    this.isLoggingOut = true;
    this.stopTimer();
    let redirectTo = SIGNED_OUT_LANDING_PATH;
    try {
      const response = await this.deps.fetch('/api/auth/logout', {
        method: 'POST',
        credentials: 'same-origin',
        headers: API_HEADERS,
      });
      if (response.ok) {
        const body = (await response.json()) as { redirectTo?: unknown };
        if (typeof body.redirectTo === 'string') {
          redirectTo = body.redirectTo;
        }
      }
    } catch {
      // Signing out locally still happens; the server session expires on its own.
    }
    this.channel?.postMessage({ type: 'logout' });
    this.endSession(redirectTo, { isLogout: true });
  }

  /**
   * Forgets the session and leaves for `url`. The page is marked as leaving before listeners
   * hear of the ended session, so they never see it as an ordinary signed-out page.
   */
  private endSession(url: string, { isLogout = false } = {}): void {
    const isLeaving = !(this.isLoggingOut && !isLogout) && !this.deps.isPublicPage();
    if (isLeaving) {
      this.isLeavingPage = true;
    }
    this.setSession(null);
    if (isLeaving) {
      this.deps.navigate(url);
    }
  }

  private setSession(session: SessionInfo | null): void {
    this.session = session;
    for (const listener of this.listeners) {
      listener(session);
    }
  }

  private startTimer(): void {
    this.stopTimer();
    this.interval = this.deps.setInterval(() => {
      void this.refresh();
    }, TOKEN_REFRESH_INTERVAL_MS);
  }

  private stopTimer(): void {
    if (this.interval !== undefined) {
      this.deps.clearInterval(this.interval);
      this.interval = undefined;
    }
  }

  private openChannel() {
    const channel = this.deps.createChannel();
    channel.onmessage = (event) => {
      if (event.data.type === 'refreshed') {
        this.setSession(event.data.session);
        // Another tab refreshed: restart our 10-minute clock from now instead of refreshing again.
        this.startTimer();
      } else {
        this.stopTimer();
        // The signing-out tab may still be on its way through the provider's end-session, so the
        // landing page of this tab must not silently sign back in meanwhile.
        this.endSession(SIGNED_OUT_LANDING_PATH);
      }
    };
    return channel;
  }
}

/** The public player (`/s/{slug}`) is the one page visitors open without a session. */
export function isPublicPath(pathname: string): boolean {
  return pathname.startsWith('/s/');
}

/** The browser's session manager, wired to the real fetch, timers and BroadcastChannel. */
export function createBrowserSessionManager(): SessionManager {
  return new SessionManager({
    fetch: (...args) => window.fetch(...args),
    now: () => Date.now(),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
    // replace(): the studio page leaves history, so back after logout cannot return to it.
    navigate: (url) => window.location.replace(url),
    isPublicPage: () => isPublicPath(window.location.pathname),
    createChannel: () => new BroadcastChannel(TOKEN_BROADCAST_CHANNEL),
  });
}
