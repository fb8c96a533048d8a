import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MEDIA_ACCESS_TOKEN_PARAM, type StoryfilePackageJob } from '@conversa/contracts';
import { createSharedMediaUrlSigner } from '../media/index.ts';
import { startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';
import {
  buildMember,
  buildNamespace,
  buildStoryfile,
  signInAs,
  type ApiClient,
} from '../../../test/storyfile.fixtures.ts';

// Issue 43, item 2: an export's download URL worked for anyone who had it (another user's cookie,
// no cookie at all), and kept working after the exporter was suspended and after the storyfile was
// deleted, though docs/storyfile-packages.md said it was bound to its caller.

let studio: TestStudio;
let namespaceId: string;
let exporter: ApiClient;
let colleague: ApiClient;
let outsider: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  studio = await startTestStudio();
  namespaceId = await buildNamespace(studio, 'north');
  await buildNamespace(studio, 'south');
  [exporter, colleague, outsider, admin] = await Promise.all([
    buildMember(studio, 'exporter@north.test', { north: 'edit:ns' }),
    buildMember(studio, 'owner@north.test', { north: 'owner:ns' }),
    buildMember(studio, 'owner@south.test', { south: 'owner:ns' }),
    signInAs(studio, 'admin@example.com', 'admin-password'),
  ]);
}, 60_000);

afterAll(async () => {
  await studio?.stop();
});

async function exportPackage(): Promise<{ storyfileId: string; job: StoryfilePackageJob }> {
  const storyfile = await buildStoryfile(exporter, namespaceId);
  const started = await exporter.expectStatus<StoryfilePackageJob>(
    202,
    'POST',
    `/v1/conversa/storyfiles/${storyfile.id}/export`,
  );
  const until = Date.now() + 60_000;
  for (;;) {
    const job = await exporter.expectStatus<StoryfilePackageJob>(
      200,
      'GET',
      `/v1/conversa/storyfile-packages/jobs/${started.id}`,
    );
    if (job.state === 'done' || job.state === 'failed' || Date.now() > until) {
      expect(job.state).toBe('done');
      return { storyfileId: storyfile.id, job };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const download = (client: ApiClient, url: string) =>
  client.browser.request(url, { headers: { range: 'bytes=0-3' } });

describe('package download URLs (issue 43)', () => {
  it("serves the exporter's own URL with their session, and a platform admin's", async () => {
    const { job } = await exportPackage();
    const answer = await download(exporter, job.downloadUrl!);
    expect(answer.status).toBe(206);
    expect(Buffer.from(await answer.arrayBuffer())).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
    // The admin reads the job and gets a URL of their own; the exporter's works for them too.
    const asAdmin = await admin.expectStatus<StoryfilePackageJob>(
      200,
      'GET',
      `/v1/conversa/storyfile-packages/jobs/${job.id}`,
    );
    expect((await download(admin, asAdmin.downloadUrl!)).status).toBe(206);
    expect((await download(admin, job.downloadUrl!)).status).toBe(206);
  });

  it('refuses the URL to anyone else: no session, a colleague, another organization', async () => {
    const { job } = await exportPackage();
    const anonymous = await new TestBrowser(studio.baseUrl).request(job.downloadUrl!);
    expect(anonymous.status).toBe(401);
    expect((await download(colleague, job.downloadUrl!)).status).toBe(403);
    expect((await download(outsider, job.downloadUrl!)).status).toBe(403);
    // Nor may they read the job to get a URL of their own.
    expect((await colleague.get(`/v1/conversa/storyfile-packages/jobs/${job.id}`)).status).toBe(
      404,
    );
    expect((await download(exporter, job.downloadUrl!)).status).toBe(206);
  });

  it("ends the URL when the exporter is suspended in the storyfile's organization", async () => {
    const { job } = await exportPackage();
    expect((await download(exporter, job.downloadUrl!)).status).toBe(206);
    await studio.database.db.execute(
      sql`update user_namespaces set suspended_at = now()
        where user_id = (select id from users where email = 'exporter@north.test')`,
    );
    try {
      const answer = await download(exporter, job.downloadUrl!);
      expect([401, 403]).toContain(answer.status);
    } finally {
      await studio.database.db.execute(
        sql`update user_namespaces set suspended_at = null
          where user_id = (select id from users where email = 'exporter@north.test')`,
      );
    }
    expect((await download(exporter, job.downloadUrl!)).status).toBe(206);
  });

  it('ends the URL when the storyfile is deleted, for the admin too', async () => {
    const { storyfileId, job } = await exportPackage();
    expect((await download(exporter, job.downloadUrl!)).status).toBe(206);
    await exporter.expectStatus(200, 'DELETE', `/v1/conversa/storyfiles/${storyfileId}`);
    expect((await download(exporter, job.downloadUrl!)).status).toBe(404);
    expect((await download(admin, job.downloadUrl!)).status).toBe(404);
  });

  it('ends the URL when it expires', async () => {
    const { job } = await exportPackage();
    const me = await exporter.get<{ iam: string }>('/v1/conversa/auth/me');
    const signer = await createSharedMediaUrlSigner(
      studio.database.db,
      studio.config.media.urlTtlSeconds,
    );
    const longAgo = Date.now() - 2 * studio.config.media.urlTtlSeconds * 1000;
    const grant = { assetId: job.id, file: 'package.zip', userId: me.body.iam };
    const expired = signer.createToken(grant, longAgo).token;
    const fresh = signer.createToken(grant).token;
    const at = (token: string) =>
      `/packages/${job.id}/package.zip?${MEDIA_ACCESS_TOKEN_PARAM}=${token}`;
    expect((await download(exporter, at(fresh))).status).toBe(206);
    expect((await download(exporter, at(expired))).status).toBe(403);
  });
});
