// The learning tests' shared set-up: a studio with the learning module on, two schools' owners,
// two students, seeded storyfiles and a Learning Record Store on a loopback port; with the
// factories the tests share. The bindings are filled by `setUpLearningStudio()` (live exports).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  type Activity,
  type Progress,
  type ProgressState,
  type RosterRow,
  type XapiStatement,
} from '@conversa/contracts';
import { startTestStudio, type TestStudio } from './studio.ts';
import { buildMember, buildNamespace, type ApiClient } from './storyfile.fixtures.ts';
import { seedStoryfileWithAnswers, type SeededStoryfile } from './conversation.fixtures.ts';

// A Learning Record Store on a loopback port: down (503) or up, recording what it was sent. Like
// a real LRS it refuses a whole request (400) when one statement in it is bad, and it can be made
// to hold its answer (`hold`) while the test looks at the database.
export const lrs = {
  isUp: true,
  isBad: (_statement: XapiStatement) => false,
  hold: null as Promise<void> | null,
  received: [] as { authorization: string | undefined; statements: XapiStatement[] }[],
};
export const WRONG_LRS_AUTH = 'Basic d3Jvbmc6d3Jvbmc=';
export let lrsServer: Server;
export let lrsUrl: string;

export let studio: TestStudio;
export let owner: ApiClient;
export let otherOwner: ApiClient;
export let plainOwner: ApiClient;
export let student: ApiClient;
export let classmate: ApiClient;
export let school: string;
export let plain: string;
export let storyfile: SeededStoryfile;
export let otherStoryfile: SeededStoryfile;
export let studentId: string;
export let classmateId: string;
export let lifeTopicId: string;

export const HOUR = 60 * 60 * 1000;
export const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

export async function userIdOf(email: string): Promise<string> {
  const result = await studio.database.db.execute<{ id: string }>(
    sql`select id from users where email = ${email}`,
  );
  return result.rows[0]!.id;
}

export async function createActivity(fields: Record<string, unknown>): Promise<Activity> {
  return owner.expectStatus<Activity>(201, 'POST', '/v1/conversa/learning/activities', {
    organizationId: school,
    title: 'Interview the survivor',
    instructions: 'Ask about their life.',
    storyfileIds: [storyfile.id],
    studentIds: [studentId, classmateId],
    ...fields,
  });
}

export async function ask(client: ApiClient, activityId: string, text: string) {
  return client.expectStatus<{ progress: Progress; conversationId: string }>(
    200,
    'POST',
    `/v1/conversa/learning/my-activities/${activityId}/ask`,
    { storyfileId: storyfile.id, text },
  );
}

export type RosterBody = {
  roster: RosterRow[];
  total: number;
  page: number;
  pageCount: number;
  counts: Partial<Record<ProgressState, number>>;
};

/**
 * The roster by email. Its states come from `computeProgress`, the counts (on the roster and on
 * the activities page) from the same rule evaluated in SQL: every rule-kind test below also checks
 * that the two agree.
 */
export async function rosterOf(activityId: string): Promise<Record<string, Progress>> {
  const body = await owner.expectStatus<RosterBody>(
    200,
    'GET',
    `/v1/conversa/learning/activities/${activityId}`,
  );
  const tally: Partial<Record<ProgressState, number>> = {};
  for (const row of body.roster) {
    tally[row.progress.state] = (tally[row.progress.state] ?? 0) + 1;
  }
  expect(body.total).toBe(body.roster.length);
  expect(body.counts).toEqual(tally);
  const list = await owner.expectStatus<{ items: (Activity & { counts: typeof tally })[] }>(
    200,
    'GET',
    `/v1/conversa/learning/activities?organizationId=${school}&includeArchived=true`,
  );
  expect(list.items.find((item) => item.id === activityId)?.counts).toEqual(tally);
  return Object.fromEntries(body.roster.map((row) => [row.student.email, row.progress]));
}

/** Starts the studio (and the LRS) before a test file's tests and stops them after; fills the bindings above. */
export function setUpLearningStudio(): void {
  beforeAll(async () => {
    lrsServer = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        void (async () => {
          await lrs.hold;
          if (!lrs.isUp) {
            response.writeHead(503).end();
            return;
          }
          if (request.headers.authorization === WRONG_LRS_AUTH) {
            response.writeHead(401).end('{"message":"Unknown key"}');
            return;
          }
          const statements = JSON.parse(body) as XapiStatement[];
          if (statements.some((statement) => lrs.isBad(statement))) {
            response
              .writeHead(400, { 'content-type': 'application/json' })
              .end('{"message":"Statement refused: bad response"}');
            return;
          }
          lrs.received.push({ authorization: request.headers.authorization, statements });
          response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
        })();
      });
    });
    await new Promise<void>((resolve) => lrsServer.listen(0, '127.0.0.1', resolve));
    lrsUrl = `http://127.0.0.1:${(lrsServer.address() as AddressInfo).port}/xapi`;
    studio = await startTestStudio({ XAPI_ENDPOINT: lrsUrl, XAPI_AUTH: 'Basic bHJzOnNlY3JldA==' });
    school = await buildNamespace(studio, 'school');
    const other = await buildNamespace(studio, 'other school');
    plain = await buildNamespace(studio, 'plain');
    await studio.database.db.execute(
      sql`update namespaces set attributes = '{"LEARNING_MODULE": true}'::jsonb
          where id in (${school}, ${other})`,
    );
    [owner, otherOwner, plainOwner, student, classmate] = await Promise.all([
      buildMember(studio, 'teacher@school.test', { school: 'owner:ns' }),
      buildMember(studio, 'teacher@other.test', { 'other school': 'owner:ns' }),
      buildMember(studio, 'teacher@plain.test', { plain: 'owner:ns' }),
      buildMember(studio, 'ada@school.test', { school: 'restricted:ns' }),
      buildMember(studio, 'grace@school.test', { school: 'restricted:ns' }),
    ]);
    studentId = await userIdOf('ada@school.test');
    classmateId = await userIdOf('grace@school.test');
    storyfile = await seedStoryfileWithAnswers(studio, owner, school);
    otherStoryfile = await seedStoryfileWithAnswers(studio, owner, school);
    const topics = await studio.database.db.execute<{ id: string }>(
      sql`select id from storyfile_topics where storyfile_id = ${storyfile.id}`,
    );
    lifeTopicId = topics.rows[0]!.id;
  }, 120_000);

  afterAll(async () => {
    await studio?.stop();
    await new Promise((resolve) => lrsServer?.close(resolve));
  });
}
