import { describe, expect, it, vi } from 'vitest';
import {
  TOKEN_REFRESH_INTERVAL_MS,
  TOKEN_REFRESH_RETRY_DELAY_MS,
  TOKEN_VALIDITY_MARGIN_MS,
  type SessionInfo,
} from '@conversa/contracts';
import { isPublicPath, SessionManager, type SessionManagerDeps } from './session-manager';

const NOW = 1_800_000_000_000;

function sessionInfo(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    expiresIn: NOW + 15 * 60_000,
    refreshExpiresIn: NOW + 14 * 24 * 3_600_000,
    ts: NOW,
    scope: 'openid email profile',
    roles: ['conversa'],
    username: 'u-1',
    email: 'ada@studio.test',
    isIdpLogin: false,
    ...overrides,
  };
}

type Route = (init?: RequestInit) => Response | Promise<Response>;

/** A session manager with fake time, a scripted server and a shared broadcast channel. */
function setup(
  routes: Record<string, Route | Route[]>,
  channels: Set<FakeChannel> = new Set(),
  { isPublicPage = false } = {},
) {
  let now = NOW;
  const timers: { at: number; callback: () => void; every?: number; id: number }[] = [];
  let nextId = 1;
  const calls: string[] = [];
  const navigations: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    const route = routes[url];
    const handler = Array.isArray(route) ? route.shift() : route;
    if (!handler) {
      throw new Error(`unexpected ${url}`);
    }
    return handler(init);
  });
  const deps: SessionManagerDeps = {
    fetch: fetch,
    now: () => now,
    setTimeout: (callback, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, callback, id });
      return id;
    },
    clearTimeout: (handle) =>
      void timers.splice(
        timers.findIndex((timer) => timer.id === handle),
        1,
      ),
    setInterval: (callback, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, callback, every: ms, id });
      return id;
    },
    clearInterval: (handle) => {
      const index = timers.findIndex((timer) => timer.id === handle);
      if (index >= 0) {
        timers.splice(index, 1);
      }
    },
    navigate: (url) => void navigations.push(url),
    isPublicPage: () => isPublicPage,
    createChannel: () => new FakeChannel(channels),
  };
  const manager = new SessionManager(deps);
  /** Moves fake time forward, firing due timers in order and letting their promises settle. */
  const advance = async (ms: number) => {
    const until = now + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const next = timers[0];
      if (!next || next.at > until) {
        break;
      }
      now = next.at;
      if (next.every) {
        next.at += next.every;
      } else {
        timers.shift();
      }
      next.callback();
      await flush();
    }
    now = until;
    await flush();
  };
  return { manager, calls, navigations, advance, setNow: (value: number) => (now = value) };
}

async function flush() {
  for (let index = 0; index < 20; index += 1) {
    await Promise.resolve();
  }
}

class FakeChannel {
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(private readonly peers: Set<FakeChannel>) {
    peers.add(this);
  }
  postMessage(data: unknown) {
    for (const peer of this.peers) {
      if (peer !== this) {
        peer.onmessage?.({ data } as MessageEvent);
      }
    }
  }
  close() {
    this.peers.delete(this);
  }
}

const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('session manager (spec §4 Session, §9)', () => {
  it('uses the spec constants: 10 minutes, 2 seconds, 5 seconds', () => {
    expect(TOKEN_REFRESH_INTERVAL_MS).toBe(10 * 60 * 1000);
    expect(TOKEN_REFRESH_RETRY_DELAY_MS).toBe(2000);
    expect(TOKEN_VALIDITY_MARGIN_MS).toBe(5000);
  });

  it('a signed-out browser is answered 204 (no error logged) and starts signed out', async () => {
    const { manager } = setup({
      '/api/auth/session': () => Promise.resolve(new Response(null, { status: 204 })),
    });
    expect(await manager.start()).toBeNull();
    expect(manager.current).toBeNull();
  });

  it('refreshes the token every 10 minutes', async () => {
    const { manager, calls, advance } = setup({
      '/api/auth/session': json(sessionInfo()),
      '/api/refresh_token': json({ session: sessionInfo() }),
    });
    await manager.start();
    await advance(TOKEN_REFRESH_INTERVAL_MS - 1);
    expect(calls.filter((call) => call === 'POST /api/refresh_token')).toHaveLength(0);
    await advance(1);
    expect(calls.filter((call) => call === 'POST /api/refresh_token')).toHaveLength(1);
    await advance(TOKEN_REFRESH_INTERVAL_MS);
    expect(calls.filter((call) => call === 'POST /api/refresh_token')).toHaveLength(2);
  });

  it('retries a failed refresh once after 2 seconds, then logs out', async () => {
    const { manager, calls, navigations, advance } = setup({
      '/api/auth/session': json(sessionInfo()),
      '/api/refresh_token': [json({ session: null }, 502), json({ session: null }, 502)],
      '/api/auth/logout': json({ redirectTo: '/api/auth/logout' }),
    });
    await manager.start();
    await advance(TOKEN_REFRESH_INTERVAL_MS);
    expect(calls.filter((call) => call === 'POST /api/refresh_token')).toHaveLength(1);
    await advance(TOKEN_REFRESH_RETRY_DELAY_MS - 1);
    expect(calls.filter((call) => call === 'POST /api/refresh_token')).toHaveLength(1);
    await advance(1);
    expect(calls.filter((call) => call === 'POST /api/refresh_token')).toHaveLength(2);
    expect(calls).toContain('POST /api/auth/logout');
    expect(navigations).toEqual(['/api/auth/logout']);
    expect(manager.current).toBeNull();
  });

  it('a refresh answered 400 while logging out leaves the navigation to the logout', async () => {
    let answerLogout: (response: Response) => void = () => undefined;
    const { manager, navigations } = setup({
      '/api/auth/session': json(sessionInfo()),
      '/api/auth/logout': () => new Promise<Response>((resolve) => (answerLogout = resolve)),
      '/api/refresh_token': json({ session: null, error: 'gone' }, 400),
    });
    await manager.start();
    const loggingOut = manager.logout();
    // A request of the page got 401 because the server already dropped the session.
    expect(await manager.refresh()).toBe('cleared');
    void manager.logout();
    answerLogout(json({ redirectTo: '/api/auth/logout' })());
    await loggingOut;
    expect(navigations).toEqual(['/api/auth/logout']);
  });

  it('a retry that succeeds keeps the user signed in', async () => {
    const { manager, navigations, advance } = setup({
      '/api/auth/session': json(sessionInfo()),
      '/api/refresh_token': [
        json({ session: null }, 502),
        json({ session: sessionInfo({ expiresIn: NOW + 99 }) }),
      ],
    });
    await manager.start();
    await advance(TOKEN_REFRESH_INTERVAL_MS + TOKEN_REFRESH_RETRY_DELAY_MS);
    expect(navigations).toEqual([]);
    expect(manager.current?.expiresIn).toBe(NOW + 99);
  });

  it('a refresh answered 400 clears the token and goes to / flagged as signed out', async () => {
    const { manager, calls, navigations } = setup({
      '/api/auth/session': json(sessionInfo()),
      '/api/refresh_token': json({ session: null, error: 'gone' }, 400),
    });
    await manager.start();
    expect(await manager.refresh()).toBe('cleared');
    expect(manager.current).toBeNull();
    expect(navigations).toEqual(['/?signedOut=1']);
    expect(calls).not.toContain('POST /api/auth/logout');
  });

  it('listeners hear of a logout as a page that is leaving, never as an ordinary signed-out page', async () => {
    // A signed-out landing page would start the silent check beside the provider's end-session.
    const { manager, navigations } = setup({
      '/api/auth/session': json(sessionInfo()),
      '/api/auth/logout': json({ redirectTo: '/api/auth/logout' }),
    });
    await manager.start();
    const heard: { isSignedIn: boolean; isLeaving: boolean; navigations: number }[] = [];
    manager.subscribe((session) =>
      heard.push({
        isSignedIn: session !== null,
        isLeaving: manager.isLeaving,
        navigations: navigations.length,
      }),
    );
    expect(manager.isLeaving).toBe(false);
    await manager.logout();
    expect(heard).toEqual([{ isSignedIn: false, isLeaving: true, navigations: 0 }]);
    expect(navigations).toEqual(['/api/auth/logout']);
  });

  it('on the public player a refresh answered 400 signs out but stays on the page', async () => {
    const { manager, navigations } = setup(
      {
        '/api/auth/session': json(sessionInfo()),
        '/api/refresh_token': json({ session: null, error: 'gone' }, 400),
      },
      new Set(),
      { isPublicPage: true },
    );
    await manager.start();
    expect(await manager.refresh()).toBe('cleared');
    expect(manager.current).toBeNull();
    expect(navigations).toEqual([]);
    // The player stays: it is an ordinary signed-out page, free to go on.
    expect(manager.isLeaving).toBe(false);
  });

  it.each([
    ['/s/grandma-story', true],
    ['/s/', true],
    ['/storyfiles', false],
    ['/', false],
    ['/settings/s/x', false],
  ])('isPublicPath(%s) is %s', (pathname, expected) => {
    expect(isPublicPath(pathname)).toBe(expected);
  });

  it.each([
    ['valid access token', { expiresIn: NOW + TOKEN_VALIDITY_MARGIN_MS + 1 }, []],
    [
      'access token inside the 5-second margin',
      { expiresIn: NOW + TOKEN_VALIDITY_MARGIN_MS },
      ['POST /api/refresh_token'],
    ],
    [
      'expired access token, valid refresh token',
      { expiresIn: NOW - 1 },
      ['POST /api/refresh_token'],
    ],
    ['both expired', { expiresIn: NOW - 1, refreshExpiresIn: NOW - 1 }, ['POST /api/auth/logout']],
  ])('before a call, %s', async (_name, overrides, expected) => {
    const { manager, calls } = setup({
      '/api/auth/session': json(sessionInfo(overrides)),
      '/api/refresh_token': json({ session: sessionInfo() }),
      '/api/auth/logout': json({ redirectTo: '/' }),
    });
    await manager.start();
    await manager.ensureFreshToken();
    expect(calls.slice(1)).toEqual(expected);
  });

  it('concurrent callers share one refresh', async () => {
    const { manager, calls } = setup({
      '/api/auth/session': json(sessionInfo({ expiresIn: NOW - 1 })),
      '/api/refresh_token': json({ session: sessionInfo() }),
    });
    await manager.start();
    await Promise.all([manager.ensureFreshToken(), manager.ensureFreshToken(), manager.refresh()]);
    expect(calls.filter((call) => call === 'POST /api/refresh_token')).toHaveLength(1);
  });

  it('a refresh in one tab reaches every other tab, and a logout signs them out', async () => {
    const channels = new Set<FakeChannel>();
    const routes = () => ({
      '/api/auth/session': json(sessionInfo()),
      '/api/refresh_token': json({ session: sessionInfo({ expiresIn: NOW + 42 }) }),
      '/api/auth/logout': json({ redirectTo: '/' }),
    });
    const first = setup(routes(), channels);
    const second = setup(routes(), channels);
    await first.manager.start();
    await second.manager.start();
    await first.manager.refresh();
    expect(second.manager.current?.expiresIn).toBe(NOW + 42);
    expect(second.calls).not.toContain('POST /api/refresh_token');
    await first.manager.logout();
    expect(second.manager.current).toBeNull();
    expect(second.navigations).toEqual(['/?signedOut=1']);
  });
});
