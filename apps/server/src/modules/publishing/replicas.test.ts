// Two studio processes (the built-in start, `src/main.ts`) behind one database, as two replicas
// behind a load balancer: a visitor who alternates between them gets the per-visitor limit once,
// and the per-storyfile cap (PUBLIC_ASK_LIMIT_PER_MINUTE) counts both processes' asks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  PUBLIC_ASKS_PER_VISITOR_PER_MINUTE,
  STORYFILE_RATE_LIMIT_MESSAGE,
  SYSTEM_ID,
  SYSTEM_ID_HEADER,
  VISITOR_RATE_LIMIT_MESSAGE,
} from '@conversa/contracts';
import {
  createTestDatabase,
  getFreePort,
  requestFrom,
  startTestStudio,
  type TestStudio,
} from '../../../test/studio.ts';
import { publishForSlug, seedOwnedStoryfile } from '../../../test/ask.fixtures.ts';
import { VISITOR_COOKIE } from './publishing.routes.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Small enough to reach in a test, above one visitor's limit so both limits show. */
const STORYFILE_LIMIT = PUBLIC_ASKS_PER_VISITOR_PER_MINUTE + 5;

interface Replica {
  url: string;
  child: ChildProcess;
  output: string;
  exited: Promise<number | null>;
}

async function startReplica(databaseUrl: string): Promise<Replica> {
  const port = await getFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      TMPDIR: process.env.TMPDIR,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(tmpdir(), `conversa-replica-${port}`),
      STUDIO_ROLE: 'web',
      STUDIO_DEFAULT_NAMESPACE: '',
      PUBLIC_ASK_LIMIT_PER_MINUTE: String(STORYFILE_LIMIT),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const replica: Replica = {
    url: `http://127.0.0.1:${port}`,
    child,
    output: '',
    exited: new Promise((resolve) => child.on('exit', resolve)),
  };
  child.stdout.on('data', (chunk: Buffer) => (replica.output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (replica.output += chunk.toString()));
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) {
      break;
    }
    if (
      await fetch(`${replica.url}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    ) {
      return replica;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`replica on port ${port} did not start:\n${replica.output}`);
}

let seeder: TestStudio;
let replicas: Replica[] = [];
let slug: string;

beforeAll(async () => {
  const databaseUrl = await createTestDatabase();
  seeder = await startTestStudio({ DATABASE_URL: databaseUrl });
  const { owner, storyfile } = await seedOwnedStoryfile(seeder, 'north');
  slug = await publishForSlug(owner, storyfile.id);
  replicas = await Promise.all([startReplica(databaseUrl), startReplica(databaseUrl)]);
}, 180_000);

afterAll(async () => {
  for (const replica of replicas) {
    replica.child.kill('SIGTERM');
  }
  await Promise.all(replicas.map((replica) => replica.exited));
  await seeder?.stop();
}, 60_000);

/**
 * A visitor's ask with its own visitor cookie, at one replica, from the visitor's own address
 * (a loopback one: the limits count per client address too, issue 43).
 */
async function ask(replica: Replica, visitorId: string, clientAddress: string) {
  const response = await requestFrom(
    clientAddress,
    `${replica.url}/v1/conversa/public/storyfiles/${slug}/ask`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `${VISITOR_COOKIE}=${visitorId}`,
        [SYSTEM_ID_HEADER]: SYSTEM_ID,
      },
      body: JSON.stringify({ text: 'Where were you born?' }),
    },
  );
  const body = JSON.parse(response.text) as { message?: string };
  return {
    status: response.status,
    message: body.message,
    retryAfter: response.headers['retry-after'] ?? null,
  };
}

describe('public asks behind two processes on one database', () => {
  it(`give a visitor ${PUBLIC_ASKS_PER_VISITOR_PER_MINUTE} asks a minute in all, not ${PUBLIC_ASKS_PER_VISITOR_PER_MINUTE} at each, and the storyfile ${STORYFILE_LIMIT} (PUBLIC_ASK_LIMIT_PER_MINUTE)`, async () => {
    const [first, second] = replicas as [Replica, Replica];
    const visitor = randomUUID();
    for (let index = 0; index < PUBLIC_ASKS_PER_VISITOR_PER_MINUTE; index += 1) {
      const answer = await ask(index % 2 === 0 ? first : second, visitor, '127.0.0.2');
      expect(answer.status, `ask ${index + 1}`).toBe(200);
    }
    for (const replica of [first, second]) {
      const refused = await ask(replica, visitor, '127.0.0.2');
      expect(refused).toMatchObject({ status: 429, message: VISITOR_RATE_LIMIT_MESSAGE });
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    }

    // The storyfile has answered 20 of its 25; another visitor gets the rest, then the cap.
    const other = randomUUID();
    for (let index = PUBLIC_ASKS_PER_VISITOR_PER_MINUTE; index < STORYFILE_LIMIT; index += 1) {
      const answer = await ask(index % 2 === 0 ? first : second, other, '127.0.0.3');
      expect(answer.status, `storyfile ask ${index + 1}`).toBe(200);
    }
    for (const replica of [first, second]) {
      expect(await ask(replica, other, '127.0.0.3')).toMatchObject({
        status: 429,
        message: STORYFILE_RATE_LIMIT_MESSAGE,
      });
    }
  });
});
