// Schema fuzz benchmark (not a test): every operation of the studio's OpenAPI document, each field
// in turn replaced by every hostile value of issue 20 (test/hostile-requests.fixtures.ts), plus unknown
// fields and empty, non-JSON and non-object bodies, sent by a namespace owner to a real studio on
// loopback until at least --requests answers came back. Prints the 5xx count per operation (the
// goal is 0) and the total.
//
// Usage: npm run bench:fuzz [-- --requests 10000 --concurrency 4]
//   The studio runs on a fresh embedded PostgreSQL under .data-bench-fuzz/ (port
//   BENCH_POSTGRES_PORT, default 54379), removed at the end.
// Or against a running studio you own (it writes and deletes data there):
//   npm run bench:fuzz -- --url http://127.0.0.1:3000 --email you@example.com --password ... \
//     [--namespace <id or label>]
//   It signs in through the studio's own sign-in page (the embedded identity provider) as an owner
//   of the namespace (default: the first the account owns) and makes each round's data there.
//   FUZZ_EMAIL and FUZZ_PASSWORD may stand for --email and --password.
import { rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SYSTEM_ID, SYSTEM_ID_HEADER } from '@conversa/contracts';
import { loadConfig } from '../src/config/env.ts';
import { startStudio, type RunningStudio } from '../src/server.ts';
import { createNamespace, grantScope } from '../src/modules/namespaces/index.ts';
import { createUser } from '../src/modules/users/index.ts';
import { getFreePort, signIn, TestBrowser } from '../test/studio.ts';
import { listOperations, type OpenApiDocument } from '../test/openapi.fixtures.ts';
import { jsonCallOf, orderForRun, seedTargets } from '../test/openapi-targets.fixtures.ts';
import { buildHostileRequests, type HostileRequest } from '../test/hostile-requests.fixtures.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const DATA_DIR = path.join(repoRoot, '.data-bench-fuzz');
const EMAIL = 'owner@fuzz.bench';
const PASSWORD = 'bench-password';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '4' },
    url: { type: 'string' },
    email: { type: 'string', default: process.env.FUZZ_EMAIL },
    password: { type: 'string', default: process.env.FUZZ_PASSWORD },
    namespace: { type: 'string' },
  },
});
const REQUESTS = Number(args.requests);
const CONCURRENCY = Number(args.concurrency);
if (!Number.isInteger(REQUESTS) || REQUESTS < 1 || !Number.isInteger(CONCURRENCY)) {
  throw new Error('--requests and --concurrency must be positive whole numbers');
}
const TARGET_URL = args.url ? new URL(args.url).origin : undefined;
if (TARGET_URL && (!args.email || !args.password)) {
  throw new Error(
    '--url needs the account to sign in with: --email and --password (or FUZZ_EMAIL, FUZZ_PASSWORD)',
  );
}

// One connection per request: the server closes a connection after refusing an oversized request,
// and a kept-alive socket reused after that would fail the next, innocent request.
const agent = new http.Agent({ keepAlive: false });

interface Tally {
  sent: number;
  byStatus: Map<number, number>;
  serverErrors: Map<string, { count: number; example: string }>;
}

async function send(
  baseUrl: string,
  cookie: string,
  operationPath: string,
  request: HostileRequest,
  tally: Tally,
): Promise<void> {
  const headers: Record<string, string> = { cookie, [SYSTEM_ID_HEADER]: SYSTEM_ID };
  if (request.contentType) {
    headers['content-type'] = request.contentType;
  }
  let status: number;
  let text: string;
  try {
    // node:http, not fetch: fetch refuses a body on GET, and bodies on reads are part of the fuzz.
    ({ status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const outgoing = http.request(
        `${baseUrl}${request.url}`,
        { method: request.method, headers, agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(request.payload);
    }));
  } catch (error) {
    // Node's HTTP parser answers an oversized request line or header (414/431) and closes the
    // socket while the client may still be writing: a refusal, counted apart (status 0). Any
    // other failed connection is as bad as a 5xx (599).
    const isOversized = request.url.length > 16_000;
    status = isOversized ? 0 : 599;
    text = String(error);
  }
  tally.sent += 1;
  tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
  if (status >= 500) {
    const key = `${request.method} ${operationPath}`;
    const entry = tally.serverErrors.get(key) ?? {
      count: 0,
      example: `[${request.label}] ${status} ${text.slice(0, 160)}`,
    };
    entry.count += 1;
    tally.serverErrors.set(key, entry);
  }
}

/** Where each round signs in and makes its data. */
interface FuzzTarget {
  baseUrl: string;
  email: string;
  password: string;
  /** A namespace the account owns, fresh per round when the bench started the studio. */
  namespaceFor(round: number): Promise<string>;
}

/** The namespace the account owns by id or label (or the first it owns), read from /auth/me. */
async function findOwnedNamespace(
  browser: TestBrowser,
  wanted: string | undefined,
): Promise<string> {
  const me = (await (await browser.api('/v1/conversa/auth/me')).json()) as {
    isAdmin?: boolean;
    namespaces?: { id: string; label: string; userNamespaces: { scope: string }[] }[];
  };
  // A platform admin may act as an owner anywhere (spec §6).
  const owned = (me.namespaces ?? []).filter(
    (namespace) => me.isAdmin === true || namespace.userNamespaces[0]?.scope === 'owner:ns',
  );
  const found = wanted
    ? owned.find((namespace) => namespace.id === wanted || namespace.label === wanted)
    : owned[0];
  if (!found) {
    throw new Error(
      wanted
        ? `The account owns no namespace "${wanted}" (it owns: ${owned.map((n) => n.label).join(', ') || 'none'}).`
        : 'The account owns no namespace: give it one, or name one with --namespace.',
    );
  }
  return found.id;
}

async function runRounds(target: FuzzTarget, started: number): Promise<void> {
  const { baseUrl } = target;
  const document = (await (await fetch(`${baseUrl}/docs/json`)).json()) as OpenApiDocument;
  const operations = orderForRun(listOperations(document));
  const tally: Tally = { sent: 0, byStatus: new Map(), serverErrors: new Map() };
  console.log(`Studio on ${baseUrl}; ${operations.length} operations in /docs/json.`);

  for (let round = 1; tally.sent < REQUESTS; round += 1) {
    // A fresh session and data each round (and a fresh namespace when the bench owns the
    // studio): a round's deletions and its sign-out do not leave the next one probing nothing.
    const namespaceId = await target.namespaceFor(round);
    const browser = new TestBrowser(baseUrl);
    await signIn(browser, target.email, target.password);
    const targets = await seedTargets(jsonCallOf(browser), namespaceId, `Fuzz ${round}`);
    const cookie = browser.cookieHeader();
    for (const operation of operations) {
      const queue = buildHostileRequests(operation, targets);
      const workers = Array.from({ length: CONCURRENCY }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          await send(baseUrl, cookie, operation.path, next, tally);
        }
      });
      await Promise.all(workers);
    }
    console.log(`  round ${round}: ${tally.sent} requests so far`);
  }

  const seconds = (Date.now() - started) / 1000;
  console.log('');
  console.log('5xx by operation (goal: none)');
  if (tally.serverErrors.size === 0) {
    console.log('  (none)');
  }
  for (const [operation, { count, example }] of tally.serverErrors) {
    console.log(`  ${String(count).padStart(6)}  ${operation}   e.g. ${example}`);
  }
  const serverErrorCount = [...tally.serverErrors.values()].reduce(
    (sum, entry) => sum + entry.count,
    0,
  );
  const statuses = [...tally.byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  console.log('');
  console.log(`Answers by status: ${statuses}`);
  console.log(
    `Total: ${tally.sent} requests, ${serverErrorCount} answered 5xx, in ${seconds.toFixed(1)} s`,
  );
  process.exitCode = serverErrorCount === 0 ? 0 : 1;
}

/** Against a running studio: sign in once to find the namespace, then fuzz it. */
async function fuzzRunningStudio(baseUrl: string): Promise<void> {
  const email = args.email!;
  const password = args.password!;
  const probe = new TestBrowser(baseUrl);
  const signedIn = await signIn(probe, email, password);
  if (new URL(signedIn.url).pathname.startsWith('/idp')) {
    throw new Error(`Signing in to ${baseUrl} as ${email} failed: check --email and --password.`);
  }
  const namespaceId = await findOwnedNamespace(probe, args.namespace);
  await runRounds(
    { baseUrl, email, password, namespaceFor: () => Promise.resolve(namespaceId) },
    Date.now(),
  );
}

async function main(): Promise<void> {
  if (TARGET_URL) {
    await fuzzRunningStudio(TARGET_URL);
    return;
  }
  rmSync(DATA_DIR, { recursive: true, force: true });
  const port = await getFreePort();
  let studio: RunningStudio | undefined;
  const started = Date.now();
  try {
    studio = await startStudio(
      loadConfig({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR,
        EMBEDDED_POSTGRES_PORT: process.env.BENCH_POSTGRES_PORT ?? '54379',
        STUDIO_ADMIN_EMAIL: 'admin@fuzz.bench',
        STUDIO_ADMIN_PASSWORD: PASSWORD,
        STUDIO_DEFAULT_NAMESPACE: '',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
      }),
      () => undefined,
    );
    const { db } = studio.database;
    await createUser(db, { email: EMAIL, password: PASSWORD });
    await runRounds(
      {
        baseUrl: studio.url,
        email: EMAIL,
        password: PASSWORD,
        namespaceFor: async (round) => {
          const label = `fuzz-${round}`;
          const namespace = await createNamespace(db, { label });
          await grantScope(db, { email: EMAIL, namespaceLabel: label, scope: 'owner:ns' });
          return namespace.id;
        },
      },
      started,
    );
  } finally {
    await studio?.stop();
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

await main();
