import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildVideoUploadMetadata, PUBLIC_ASKS_PER_VISITOR_PER_MINUTE } from '@conversa/contracts';
import { startTestStudio, TestBrowser, type TestStudio } from '../../test/studio.ts';
import { ApiClient } from '../../test/storyfile.fixtures.ts';
import type { SeededStoryfile } from '../../test/conversation.fixtures.ts';
import { askInStudio, publishForSlug, seedOwnedStoryfile } from '../../test/ask.fixtures.ts';
import { tusCreate, tusPatch } from '../../test/upload.fixtures.ts';
import { METRICS_FORBIDDEN_MESSAGE } from './operations.ts';

const TOKEN = 'scrape-token-of-the-test-studio';

let studio: TestStudio;
let owner: ApiClient;
let storyfile: SeededStoryfile;

beforeAll(async () => {
  // Web role: no worker takes the processing job, so its state holds still for the gauges.
  studio = await startTestStudio({ METRICS_TOKEN: TOKEN, STUDIO_ROLE: 'web' });
  ({ owner, storyfile } = await seedOwnedStoryfile(studio, 'north'));
});

afterAll(async () => {
  await studio?.stop();
});

const scrape = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  studio.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

/** The value of the series `name` whose labels include `labels` (0 when absent). */
async function readSeries(name: string, labels: Record<string, string> = {}): Promise<number> {
  const text = (await scrape()).body;
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) {
      continue;
    }
    const present = new Map<string, string>(
      [...(match[2] ?? '').matchAll(/([a-z_]+)="([^"]*)"/g)].map((pair) => [pair[1]!, pair[2]!]),
    );
    if (Object.entries(labels).every(([key, value]) => present.get(key) === value)) {
      total += Number(match[3]);
    }
  }
  return total;
}

describe('/metrics access', () => {
  it('answers a client on this machine in the Prometheus text format, never stored', async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['another host without the token', {}, '203.0.113.7'],
    [
      'another host with a wrong token',
      { authorization: 'Bearer not-the-scrape-token-at-all' },
      '203.0.113.7',
    ],
    [
      'another host with the token as a cookie-less basic credential',
      { authorization: `Basic ${TOKEN}` },
      '203.0.113.7',
    ],
    [
      'a request forwarded by a proxy on this machine',
      { 'x-forwarded-for': '203.0.113.7' },
      '127.0.0.1',
    ],
    ['a loopback peer claiming a forwarded address', { forwarded: 'for=127.0.0.1' }, '127.0.0.1'],
  ])('refuses %s', async (_case, headers, remoteAddress) => {
    const response = await scrape(headers, remoteAddress);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: METRICS_FORBIDDEN_MESSAGE });
    expect(response.body).not.toContain('conversa_');
  });

  it('answers any host that sends METRICS_TOKEN as a bearer', async () => {
    for (const headers of [
      { authorization: `Bearer ${TOKEN}` } as Record<string, string>,
      { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.7' },
    ]) {
      const response = await scrape(headers, '203.0.113.7');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('conversa_http_request_duration_seconds');
    }
  });
});

describe('/metrics series', () => {
  it('lists every series of the README under its name and labels', async () => {
    const text = (await scrape()).body;
    for (const series of [
      '# TYPE conversa_http_request_duration_seconds histogram',
      '# TYPE conversa_asks_total counter',
      '# TYPE conversa_upload_bytes_total counter',
      '# TYPE conversa_processing_jobs gauge',
      '# TYPE conversa_processing_queue_depth gauge',
      '# TYPE conversa_process_cpu_seconds_total counter',
      'conversa_processing_jobs{state="created"}',
      'conversa_processing_jobs{state="failed"}',
      '# TYPE conversa_transcript_jobs gauge',
      '# TYPE conversa_transcript_queue_depth gauge',
      'conversa_transcript_jobs{state="created"}',
      'conversa_transcript_jobs{state="failed"}',
      '# TYPE conversa_matcher_cache_budget_bytes gauge',
      '# TYPE conversa_matcher_cache_bytes gauge',
      '# TYPE conversa_matcher_cache_storyfiles gauge',
      '# TYPE conversa_matcher_cache_evictions_total counter',
      'conversa_matcher_cache_bytes{holder="main"}',
      'conversa_matcher_cache_evictions_total{holder="main"}',
    ]) {
      expect(text).toContain(series);
    }
  });

  it('times requests by method, route template and status code', async () => {
    const labels = { method: 'GET', route: '/v1/conversa/storyfiles/:id', status_code: '200' };
    const before = await readSeries('conversa_http_request_duration_seconds_count', labels);
    await owner.expectStatus(200, 'GET', `/v1/conversa/storyfiles/${storyfile.id}`);
    expect(await readSeries('conversa_http_request_duration_seconds_count', labels)).toBe(
      before + 1,
    );
  });

  it('counts asks by decision: answered, fallback and rate_limited', async () => {
    const count = (decision: string, channel: string) =>
      readSeries('conversa_asks_total', { decision, channel });
    const answeredBefore = await count('answered', 'studio');
    const fallbackBefore = await count('fallback', 'studio');
    await askInStudio(owner, storyfile.id, { text: 'Where were you born?' });
    await askInStudio(owner, storyfile.id, { text: 'zzz qqq xxyy' });
    expect(await count('answered', 'studio')).toBe(answeredBefore + 1);
    expect(await count('fallback', 'studio')).toBe(fallbackBefore + 1);

    const slug = await publishForSlug(owner, storyfile.id);
    const visitor = new ApiClient(new TestBrowser(studio.baseUrl));
    await visitor.get(`/v1/conversa/public/storyfiles/${slug}`);
    const limitedBefore = await count('rate_limited', 'share');
    for (let index = 0; index < PUBLIC_ASKS_PER_VISITOR_PER_MINUTE + 2; index += 1) {
      await visitor.post(`/v1/conversa/public/storyfiles/${slug}/ask`, {
        text: 'Where were you born?',
      });
    }
    expect(await count('rate_limited', 'share')).toBe(limitedBefore + 2);
    expect(await count('answered', 'share')).toBe(PUBLIC_ASKS_PER_VISITOR_PER_MINUTE);
  });

  it('counts upload bytes as they arrive, and processing jobs by state with the queue depth', async () => {
    const bytes = new Uint8Array(5000).fill(7);
    const created = await tusCreate(
      owner.browser,
      bytes.length,
      buildVideoUploadMetadata({
        storyfileId: storyfile.id,
        target: { clipKind: 'idle' },
        filename: 'idle.mp4',
        filetype: 'video/mp4',
      }),
    );
    expect(created.status).toBe(201);
    const url = created.headers.get('location')!;
    const bytesBefore = await readSeries('conversa_upload_bytes_total');
    const createdJobsBefore = await readSeries('conversa_processing_jobs', { state: 'created' });
    expect((await tusPatch(owner.browser, url, 0, bytes.subarray(0, 2000))).status).toBe(204);
    expect(await readSeries('conversa_upload_bytes_total')).toBe(bytesBefore + 2000);
    expect((await tusPatch(owner.browser, url, 2000, bytes.subarray(2000))).status).toBe(204);
    expect(await readSeries('conversa_upload_bytes_total')).toBe(bytesBefore + 5000);

    // The last byte queued the processing job; no worker runs in a web process.
    expect(await readSeries('conversa_processing_jobs', { state: 'created' })).toBe(
      createdJobsBefore + 1,
    );
    const { rows } = await studio.database.pool.query<{ waiting: number }>(
      "select count(*)::int as waiting from pgboss.job where name = 'process-video' and state in ('created', 'retry')",
    );
    expect(await readSeries('conversa_processing_queue_depth')).toBe(rows[0]!.waiting);
    expect(rows[0]!.waiting).toBeGreaterThan(0);
  });

  it('counts transcript drafts on their own queue, apart from the videos being processed', async () => {
    const processingBefore = await readSeries('conversa_processing_jobs', { state: 'created' });
    const draftsBefore = await readSeries('conversa_transcript_jobs', { state: 'created' });
    // A new draft of a recorded clip: queued for the recognizer, taken by no worker here.
    const videoId = Object.values(storyfile.clips)[0]!;
    await owner.expectStatus(
      202,
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/videos/${videoId}/transcript/regenerate`,
    );
    expect(await readSeries('conversa_transcript_jobs', { state: 'created' })).toBe(
      draftsBefore + 1,
    );
    expect(await readSeries('conversa_processing_jobs', { state: 'created' })).toBe(
      processingBefore,
    );
    const { rows } = await studio.database.pool.query<{ waiting: number }>(
      "select count(*)::int as waiting from pgboss.job where name = 'transcribe-video' and state in ('created', 'retry')",
    );
    expect(rows[0]!.waiting).toBeGreaterThan(0);
    expect(await readSeries('conversa_transcript_queue_depth')).toBe(rows[0]!.waiting);
  });
});
