// docs/deploy.md's nginx configuration, as written there (test/deploy-nginx.ts puts loopback
// addresses in its example's place), in Debian's nginx in front of two stand-in web processes
// that say who they are: each storyfile's requests go to one process whatever route carries its
// key, the rest to either, and a storyfile whose process is gone is answered by the other.
// `bench:storyfiles -- --web 2` runs the same configuration in front of real studios.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX, startNginx, type RunningNginx } from '../test/deploy-nginx.ts';
import { getFreePort } from '../test/studio.ts';

const STORYFILE_ID = '6f1c2a9e-58b4-4c1e-9d3a-0b7e2f4a1c55';
const ACTIVITY_ID = 'a3d0e1f2-7c6b-4a59-8e21-5f4c3b2a1d0e';
const SLUGS = Array.from({ length: 40 }, (_, index) => `Slug${String(index).padStart(6, '0')}`);

interface StandIn {
  name: string;
  port: number;
  server: Server;
}

/** A web process that answers every request with its name. */
async function startStandIn(name: string, port: number): Promise<StandIn> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ name }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { name, port, server };
}

async function stopStandIn({ server }: StandIn): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

let nginx: RunningNginx | undefined;
let dir: string | undefined;
const standIns: StandIn[] = [];

/** Which stand-in answered, through nginx. */
async function answeredBy(pathname: string, method = 'GET'): Promise<string> {
  const response = await fetch(`${nginx!.url}${pathname}`, {
    method,
    ...(method === 'POST'
      ? { headers: { 'content-type': 'application/json' }, body: '{"text":"Hello"}' }
      : {}),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { name: string }).name;
}

const askPath = (slug: string) => `/v1/conversa/public/storyfiles/${slug}/ask`;

describe.skipIf(!existsSync(NGINX))(
  `docs/deploy.md's nginx configuration in Debian's nginx (skipped when ${NGINX} is missing: apt-get install nginx-light)`,
  () => {
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'conversa-deploy-proxy-'));
      standIns.push(await startStandIn('a', await getFreePort()));
      standIns.push(await startStandIn('b', await getFreePort()));
      nginx = await startNginx({
        dir,
        port: await getFreePort(),
        upstreams: standIns.map(({ port }) => `127.0.0.1:${port}`),
        readyPath: '/healthz',
      });
    });

    afterAll(async () => {
      await nginx?.stop();
      await Promise.all(standIns.map(async (standIn) => stopStandIn(standIn).catch(() => {})));
      if (dir) {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('sends every ask of a storyfile to one process, and the storyfiles to both', async () => {
      const first = new Map<string, string>();
      for (const slug of SLUGS) {
        first.set(slug, await answeredBy(askPath(slug), 'POST'));
      }
      for (const slug of SLUGS) {
        expect(await answeredBy(askPath(slug), 'POST')).toBe(first.get(slug));
        expect(await answeredBy(`/v1/conversa/public/storyfiles/${slug}/speech-hints`)).toBe(
          first.get(slug),
        );
      }
      const counts = [...first.values()].filter((name) => name === 'a').length;
      expect(counts).toBeGreaterThan(5);
      expect(counts).toBeLessThan(35);
    });

    it("sends a storyfile's studio routes and an activity's routes to one process each", async () => {
      const byId = [
        await answeredBy(`/v1/conversa/storyfiles/${STORYFILE_ID}/ask`, 'POST'),
        await answeredBy(`/v1/conversa/storyfiles/${STORYFILE_ID}/training/test-bench`, 'POST'),
        await answeredBy(`/v1/conversa/storyfiles/${STORYFILE_ID}`),
        await answeredBy(`/v1/conversa/speech2text?storyfileId=${STORYFILE_ID}`, 'POST'),
        await answeredBy(`/v1/conversa/speech2text/stream?storyfileId=${STORYFILE_ID}`),
      ];
      expect(new Set(byId).size).toBe(1);
      const byActivity = [
        await answeredBy(`/v1/conversa/learning/my-activities/${ACTIVITY_ID}/ask`, 'POST'),
        await answeredBy(
          `/v1/conversa/learning/my-activities/${ACTIVITY_ID}/speech2text?storyfileId=${STORYFILE_ID}`,
          'POST',
        ),
        await answeredBy(`/v1/conversa/learning/my-activities/${ACTIVITY_ID}`),
      ];
      expect(new Set(byActivity).size).toBe(1);
    });

    it('balances requests without a storyfile over both processes', async () => {
      const names = new Set<string>();
      for (let index = 0; index < 10; index += 1) {
        names.add(await answeredBy('/v1/conversa/storyfiles/recent'));
        names.add(await answeredBy('/v1/conversa/storyfiles?page=1'));
      }
      expect([...names].sort()).toEqual(['a', 'b']);
    });

    it("answers a storyfile's asks from the other process while its own is gone", async () => {
      const owners = new Map<string, string>();
      for (const slug of SLUGS) {
        owners.set(slug, await answeredBy(askPath(slug), 'POST'));
      }
      const gone = standIns[1]!;
      await stopStandIn(gone);
      for (const slug of SLUGS) {
        // A refused connection goes to the next process, even for a POST (nothing was sent).
        expect(await answeredBy(askPath(slug), 'POST')).toBe('a');
      }
      standIns[1] = await startStandIn('b', gone.port);
      // max_fails=3 fail_timeout=10s: the process is left out for 10 s after its last failure,
      // then its storyfiles return to it.
      const expected = SLUGS.map((slug) => owners.get(slug));
      const deadline = Date.now() + 30_000;
      const back: string[] = [];
      do {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        back.length = 0;
        for (const slug of SLUGS) {
          back.push(await answeredBy(askPath(slug), 'POST'));
        }
      } while (back.join() !== expected.join() && Date.now() < deadline);
      expect(back).toEqual(expected);
    });
  },
);
