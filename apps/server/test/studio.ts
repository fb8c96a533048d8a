import { inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { SYSTEM_ID, SYSTEM_ID_HEADER } from '@conversa/contracts';
import { loadConfig, type Config } from '../src/config/env.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { authSessions } from '../src/modules/auth/auth.tables.ts';
import { hashSessionId, SESSION_COOKIE } from '../src/modules/auth/index.ts';
import { startStudio, type RunningStudio } from '../src/server.ts';
import { TEMPLATE_DATABASE } from './global-setup.ts';

export async function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A fresh database cloned from the migrated template: tests never see each other's rows. */
export async function createTestDatabase(): Promise<string> {
  const templateUrl = new URL(inject('templateDatabaseUrl'));
  const name = `conversa_test_${randomBytes(6).toString('hex')}`;
  const adminUrl = new URL(templateUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.href });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * How long a new connection to the run's shared PostgreSQL may take in a test: one took past the
 * product's 5 s (DATABASE_CONNECT_TIMEOUT_SECONDS) in three CI runs, the machine at load 8-11.
 */
export const TEST_CONNECT_TIMEOUT_SECONDS = 30;

/**
 * How long a statement may run in a test: an ask answered 503 (the database "unavailable") in a CI
 * run at load 18-19, its statement past the product's 10 s (DATABASE_STATEMENT_TIMEOUT_SECONDS).
 */
export const TEST_STATEMENT_TIMEOUT_SECONDS = 60;

/**
 * The CPU niceness of drafts in a test (TRANSCRIBE_NICENESS): the tests' priority, so drafts share
 * the cores with them. At the product's lowest one (19), the tests' own work at the normal one
 * starved a draft past 400 s in a CI run at a few percent of a core per process. ffmpeg.test.ts and
 * env.test.ts test the 19.
 */
export const TEST_TRANSCRIBE_NICENESS = 0;

/** A pool of a test's own on a fresh database cloned from the template, or on `databaseUrl`. */
export async function openTestDatabase(databaseUrl?: string): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl: databaseUrl ?? (await createTestDatabase()),
    dataDir: '',
    embeddedPort: 0,
    connectTimeoutMs: TEST_CONNECT_TIMEOUT_SECONDS * 1000,
    statementTimeoutMs: TEST_STATEMENT_TIMEOUT_SECONDS * 1000,
  });
}

export interface TestStudio extends RunningStudio {
  baseUrl: string;
}

/** Times a test studio is started on another port when its port was taken before it listened. */
const START_ATTEMPTS = 3;

/**
 * Starts a real studio (HTTP, identity provider, database) on a free loopback port. A port found
 * free can be taken before the studio listens on it (another test file's studio, or an outgoing
 * connection's ephemeral port: a CI run once failed a suite with EADDRINUSE), so such a start is
 * made again on another port.
 */
export async function startTestStudio(
  env: Record<string, string> = {},
  /** Configuration no variable sets (a scorer worker module of the test's own). */
  overrides: Partial<Config> = {},
): Promise<TestStudio> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startTestStudioOnce(env, overrides);
    } catch (error) {
      const code = (error as { code?: unknown } | undefined)?.code;
      if (code !== 'EADDRINUSE' || attempt >= START_ATTEMPTS) {
        throw error;
      }
    }
  }
}

async function startTestStudioOnce(
  env: Record<string, string>,
  overrides: Partial<Config>,
): Promise<TestStudio> {
  const port = await getFreePort();
  const config: Config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: await createTestDatabase(),
    // Under the run's temporary folder (global-setup.ts), which goes with the run.
    DATA_DIR: path.join(tmpdir(), `conversa-test-${port}`),
    STUDIO_ADMIN_EMAIL: 'admin@example.com',
    STUDIO_ADMIN_PASSWORD: 'admin-password',
    // Tests make the namespaces they need; the first-start one is tested on its own.
    STUDIO_DEFAULT_NAMESPACE: '',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    // A test of the bound itself sets the product's 5 (healthz.test.ts).
    DATABASE_CONNECT_TIMEOUT_SECONDS: String(TEST_CONNECT_TIMEOUT_SECONDS),
    DATABASE_STATEMENT_TIMEOUT_SECONDS: String(TEST_STATEMENT_TIMEOUT_SECONDS),
    // Words alone: a test studio does not load a sentence model unless the test opts in
    // with MATCHER_EMBEDDER: 'all-minilm-l6-v2' or 'use-lite' (one load per test file's process).
    MATCHER_EMBEDDER: 'none',
    // Asks scored on the event loop: a scorer thread per core in every test file would load the
    // matcher again in each (scorer-pool.test.ts and the benchmarks run the threads).
    MATCHER_WORKERS: '0',
    TRANSCRIBE_NICENESS: String(TEST_TRANSCRIBE_NICENESS),
    ...env,
  });
  // TEST_STUDIO_LOG=1 prints the studio's own lines (jobs, drafts) with the time, to see a wait.
  const log = process.env.TEST_STUDIO_LOG
    ? (message: string) => console.error(`${new Date().toISOString()} [studio ${port}] ${message}`)
    : () => undefined;
  const studio = await startStudio({ ...config, ...overrides }, log);
  return { ...studio, baseUrl: studio.url };
}

/** A minimal browser: a cookie jar and manual redirects, enough to walk the OIDC flows. */
export class TestBrowser {
  /** Cookies per host: like a browser, cookies ignore the port, so two local servers share them. */
  private readonly jars = new Map<string, Map<string, string>>();

  /**
   * `localAddress`: every request leaves from this loopback address (see `requestFrom`), a visitor
   * on a computer of their own.
   */
  constructor(
    readonly baseUrl: string,
    private readonly options: { localAddress?: string } = {},
  ) {}

  get cookies(): Map<string, string> {
    return this.jar(this.baseUrl);
  }

  private jar(url: string): Map<string, string> {
    const host = new URL(url).hostname;
    let jar = this.jars.get(host);
    if (!jar) {
      jar = new Map();
      this.jars.set(host, jar);
    }
    return jar;
  }

  private storeCookies(url: string, response: Response): void {
    const jar = this.jar(url);
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const isExpired = /max-age=0|expires=Thu, 01 Jan 1970/i.test(header) || value === '';
      if (isExpired) {
        jar.delete(name);
      } else {
        jar.set(name, value);
      }
    }
  }

  cookieHeader(url: string = this.baseUrl): string {
    return [...this.jar(url)].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** One request, no redirect following. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.baseUrl);
    const headers = new Headers(init.headers);
    if (this.jar(target.href).size > 0) {
      headers.set('cookie', this.cookieHeader(target.href));
    }
    const response = this.options.localAddress
      ? await this.requestFromAddress(this.options.localAddress, target, init, headers)
      : await fetch(target, { ...init, headers, redirect: 'manual' });
    this.storeCookies(target.href, response);
    return response;
  }

  private async requestFromAddress(
    localAddress: string,
    target: URL,
    init: RequestInit,
    headers: Headers,
  ): Promise<Response> {
    if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') {
      throw new Error('A request from another address sends a string body only');
    }
    const answer = await requestFrom(localAddress, target.href, {
      method: init.method ?? 'GET',
      headers: Object.fromEntries(headers),
      ...(typeof init.body === 'string' ? { body: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
        responseHeaders.append(name, one);
      }
    }
    const hasBody = answer.status !== 204 && answer.status !== 304;
    return new Response(hasBody ? answer.text : null, {
      status: answer.status,
      headers: responseHeaders,
    });
  }

  /** Follows redirects (303/302 become GET) and returns the last response and its URL. */
  async follow(url: string, init: RequestInit = {}): Promise<{ response: Response; url: string }> {
    let current = new URL(url, this.baseUrl).href;
    let response = await this.request(current, init);
    for (let hops = 0; hops < 20 && response.status >= 300 && response.status < 400; hops += 1) {
      current = new URL(response.headers.get('location')!, current).href;
      response = await this.request(current);
    }
    return { response, url: current };
  }

  /** Gateway call with the headers the web client sends. */
  api(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set(SYSTEM_ID_HEADER, SYSTEM_ID);
    if (init.body && !headers.has('content-type')) {
      headers.set('content-type', 'application/json');
    }
    return this.request(path, { ...init, headers });
  }
}

/** Signs in through the embedded provider's page exactly as a person would. */
export async function signIn(
  browser: TestBrowser,
  email: string,
  password: string,
): Promise<{ url: string; body: string }> {
  const loginPage = await browser.follow('/api/auth/login');
  const html = await loginPage.response.text();
  const action = /action="([^"]+)"/.exec(html)?.[1];
  if (!action) {
    throw new Error(`No sign-in form at ${loginPage.url}: ${html.slice(0, 300)}`);
  }
  const result = await browser.follow(action.replaceAll('&amp;', '&'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  return { url: result.url, body: await result.response.text() };
}

/** The access token of the browser's studio session, for calls that authenticate with a bearer. */
export async function readAccessToken(
  studio: RunningStudio,
  browser: TestBrowser,
): Promise<string> {
  const [row] = await studio.database.db
    .select({ accessToken: authSessions.accessToken })
    .from(authSessions)
    .where(eq(authSessions.idHash, hashSessionId(browser.cookies.get(SESSION_COOKIE)!)));
  return row!.accessToken;
}

/**
 * One request from a chosen loopback address (127.0.0.2, 127.0.0.3, ...: Linux routes the whole
 * 127/8 to the loopback interface), for limits counted per client address: each address is a
 * different visitor's computer, as the studio sees it, with no forwarding header to believe.
 */
export function requestFrom(
  clientAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, localAddress: clientAddress },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}
