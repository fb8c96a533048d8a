import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import {
  ACTIVITY_CLOSED_MESSAGE,
  EXCHANGE_ALREADY_RATED_MESSAGE,
  EXCHANGE_NOT_FOUND_MESSAGE,
  ACTIVITY_DATES_OUT_OF_ORDER_MESSAGE,
  ACTIVITY_NOT_FOUND_MESSAGE,
  COMPLETION_RULE_EMPTY_MESSAGE,
  ACTIVITY_NOT_OPEN_MESSAGE,
  LEARNING_NOT_ENABLED_MESSAGE,
  ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE,
  STORYFILE_NOT_IN_ACTIVITY_MESSAGE,
  STUDENT_NOT_FOUND_MESSAGE,
  type Activity,
  type MyActivity,
  type MyActivityStoryfile,
  type Progress,
  type ProgressState,
  type RosterRow,
  type XapiStatement,
} from '@conversa/contracts';
import { startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';
import { summariesFromChatLog } from './progress-summary.query.ts';
import { buildMember, buildNamespace, type ApiClient } from '../../../test/storyfile.fixtures.ts';
import {
  RECORDED_QUESTIONS,
  seedStoryfileWithAnswers,
  type SeededStoryfile,
} from '../../../test/conversation.fixtures.ts';
import {
  buildRequest,
  listOperations,
  type OpenApiDocument,
  type Targets,
} from '../../../test/openapi.fixtures.ts';
import { drainXapiOutbox } from './index.ts';

// A Learning Record Store on a loopback port: down (503) or up, recording what it was sent. Like
// a real LRS it refuses a whole request (400) when one statement in it is bad, and it can be made
// to hold its answer (`hold`) while the test looks at the database.
const lrs = {
  isUp: true,
  isBad: (_statement: XapiStatement) => false,
  hold: null as Promise<void> | null,
  received: [] as { authorization: string | undefined; statements: XapiStatement[] }[],
};
const WRONG_LRS_AUTH = 'Basic d3Jvbmc6d3Jvbmc=';
let lrsServer: Server;
let lrsUrl: string;

let studio: TestStudio;
let owner: ApiClient;
let otherOwner: ApiClient;
let plainOwner: ApiClient;
let student: ApiClient;
let classmate: ApiClient;
let school: string;
let plain: string;
let storyfile: SeededStoryfile;
let otherStoryfile: SeededStoryfile;
let studentId: string;
let classmateId: string;
let lifeTopicId: string;

const HOUR = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

async function userIdOf(email: string): Promise<string> {
  const result = await studio.database.db.execute<{ id: string }>(
    sql`select id from users where email = ${email}`,
  );
  return result.rows[0]!.id;
}

async function createActivity(fields: Record<string, unknown>): Promise<Activity> {
  return owner.expectStatus<Activity>(201, 'POST', '/v1/conversa/learning/activities', {
    organizationId: school,
    title: 'Interview the survivor',
    instructions: 'Ask about their life.',
    storyfileIds: [storyfile.id],
    studentIds: [studentId, classmateId],
    ...fields,
  });
}

async function ask(client: ApiClient, activityId: string, text: string) {
  return client.expectStatus<{ progress: Progress; conversationId: string }>(
    200,
    'POST',
    `/v1/conversa/learning/my-activities/${activityId}/ask`,
    { storyfileId: storyfile.id, text },
  );
}

type RosterBody = {
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
async function rosterOf(activityId: string): Promise<Record<string, Progress>> {
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

describe('activities: bad input and rules', () => {
  it('refuses dates out of order', async () => {
    const answer = await owner.post<{ message: string }>('/v1/conversa/learning/activities', {
      organizationId: school,
      title: 'Backwards',
      storyfileIds: [storyfile.id],
      openAt: inHours(48),
      dueAt: inHours(24),
      rule: { questionsAsked: 3 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(ACTIVITY_DATES_OUT_OF_ORDER_MESSAGE);
  });

  it('refuses a rule with no criterion', async () => {
    const answer = await owner.post<{ message: string }>('/v1/conversa/learning/activities', {
      organizationId: school,
      title: 'No rule',
      storyfileIds: [storyfile.id],
      rule: {},
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(COMPLETION_RULE_EMPTY_MESSAGE);
  });

  it('refuses a rule that cannot be met: a topic of another storyfile, more answers than recorded', async () => {
    const otherTopics = await studio.database.db.execute<{ id: string }>(
      sql`select id from storyfile_topics where storyfile_id = ${otherStoryfile.id}`,
    );
    const topic = await owner.post<{ message: string }>('/v1/conversa/learning/activities', {
      organizationId: school,
      title: 'Topic elsewhere',
      storyfileIds: [storyfile.id],
      rule: { topicIds: [otherTopics.rows[0]!.id] },
    });
    expect(topic.status).toBe(400);
    expect(topic.body.message).toBe(
      "This rule cannot be met: a topic to cover is not in the script of the activity's storyfiles.",
    );
    const answers = await owner.post<{ message: string }>('/v1/conversa/learning/activities', {
      organizationId: school,
      title: 'Too many answers',
      storyfileIds: [storyfile.id],
      rule: { distinctAnswers: RECORDED_QUESTIONS.length + 1 },
    });
    expect(answers.status).toBe(400);
    expect(answers.body.message).toBe(
      'This rule cannot be met: the storyfiles have 3 recorded answers, fewer than 4 different answers to hear.',
    );
  });

  it("never shows one organization's activities or students to another's owner", async () => {
    const activity = await createActivity({ title: 'Private', rule: { questionsAsked: 1 } });
    const seen = await otherOwner.get<{ message: string }>(
      `/v1/conversa/learning/activities/${activity.id}`,
    );
    expect(seen.status).toBe(404);
    expect(seen.body.message).toBe(ACTIVITY_NOT_FOUND_MESSAGE);
    const students = await otherOwner.get(
      `/v1/conversa/learning/students?organizationId=${school}`,
    );
    expect(students.status).toBe(404);
    const one = await otherOwner.get<{ message: string }>(
      `/v1/conversa/learning/students/${studentId}?organizationId=${school}`,
    );
    expect(one.status).toBe(404);
    expect(one.body.message).toBe(STUDENT_NOT_FOUND_MESSAGE);
    const list = await otherOwner.get<{ items: Activity[] }>('/v1/conversa/learning/activities');
    expect(list.body.items.map((item) => item.id)).not.toContain(activity.id);
    const own = await owner.get<{ items: { email: string }[] }>(
      `/v1/conversa/learning/students?organizationId=${school}`,
    );
    expect(own.body.items.map((item) => item.email)).toEqual([
      'ada@school.test',
      'grace@school.test',
    ]);
  });

  it('answers 403 without the LEARNING_MODULE attribute, and the data stays', async () => {
    const refused = await plainOwner.get<{ message: string }>(
      `/v1/conversa/learning/students?organizationId=${plain}`,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(LEARNING_NOT_ENABLED_MESSAGE);
    const activity = await createActivity({ title: 'Switched off', rule: { questionsAsked: 1 } });
    const setAttribute = (on: boolean) =>
      studio.database.db.execute(
        sql`update namespaces set attributes = ${JSON.stringify({ LEARNING_MODULE: on })}::jsonb
            where id = ${school}`,
      );
    await setAttribute(false);
    const path = `/v1/conversa/learning/activities/${activity.id}`;
    const fields = {
      title: 'Switched off, edited',
      storyfileIds: [storyfile.id],
      studentIds: [studentId],
      rule: { questionsAsked: 2 },
    };
    try {
      const refusals = await Promise.all([
        owner.get<{ message: string }>(path),
        owner.post<{ message: string }>('/v1/conversa/learning/activities', {
          organizationId: school,
          ...fields,
        }),
        owner.put<{ message: string }>(path, fields),
        owner.post<{ message: string }>(`${path}/duplicate`, {}),
        owner.get<{ message: string }>(`/v1/conversa/learning/activities?organizationId=${school}`),
        owner.get<{ message: string }>(`${path}/xapi`),
        student.get<{ message: string }>('/v1/conversa/learning/my-activities'),
      ]);
      expect(refusals.map((answer) => [answer.status, answer.body.message])).toEqual(
        Array<[number, string]>(7).fill([403, 'This feature is not enabled for your account.']),
      );
      // Without an organization named too: this owner runs learning nowhere now.
      const all = await owner.get<{ message: string }>('/v1/conversa/learning/activities');
      expect([all.status, all.body.message]).toEqual([
        403,
        'This feature is not enabled for your account.',
      ]);
    } finally {
      await setAttribute(true);
    }
    // The data stayed as it was: nothing was created or changed while the attribute was off.
    const after = await owner.expectStatus<{ activity: Activity }>(200, 'GET', path);
    expect(after.activity).toMatchObject({ title: 'Switched off', rule: { questionsAsked: 1 } });
    const list = await owner.expectStatus<{ items: Activity[] }>(
      200,
      'GET',
      `/v1/conversa/learning/activities?organizationId=${school}&includeArchived=true`,
    );
    expect(list.items.filter((item) => item.title.startsWith('Switched off'))).toHaveLength(1);
  });
});

describe('activities: copies, archive, classes, other organizations', () => {
  it('duplicates an activity: same rule, storyfiles and assignees, a new title, no progress', async () => {
    const source = await createActivity({
      title: 'Original',
      storyfileIds: [storyfile.id, otherStoryfile.id],
      dueAt: inHours(24),
      rule: { questionsAsked: 1, minutes: 2 },
    });
    await ask(student, source.id, RECORDED_QUESTIONS[0]!.text);
    const copy = await owner.expectStatus<Activity>(
      201,
      'POST',
      `/v1/conversa/learning/activities/${source.id}/duplicate`,
      {},
    );
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      title: 'Original (copy)',
      organizationId: school,
      instructions: source.instructions,
      storyfiles: source.storyfiles,
      dueAt: source.dueAt,
      rule: { questionsAsked: 1, minutes: 2 },
      studentIds: source.studentIds,
      teamIds: [],
      isArchived: false,
    });
    const copied = await rosterOf(copy.id);
    expect(Object.keys(copied).sort()).toEqual(['ada@school.test', 'grace@school.test']);
    expect(Object.values(copied).map((progress) => progress.state)).toEqual([
      'not_started',
      'not_started',
    ]);
    expect((await rosterOf(source.id))['ada@school.test']!.state).toBe('in_progress');
  });

  it('archives an activity: gone from the student, listed as archived for the owner', async () => {
    const activity = await createActivity({ title: 'To archive', rule: { questionsAsked: 1 } });
    await owner.expectStatus(200, 'PUT', `/v1/conversa/learning/activities/${activity.id}`, {
      title: 'To archive',
      storyfileIds: [storyfile.id],
      studentIds: [studentId, classmateId],
      rule: { questionsAsked: 1 },
      isArchived: true,
    });
    const mine = await student.expectStatus<{ items: MyActivity[] }>(
      200,
      'GET',
      '/v1/conversa/learning/my-activities',
    );
    expect(mine.items.map((item) => item.id)).not.toContain(activity.id);
    const refused = await student.post<{ message: string }>(
      `/v1/conversa/learning/my-activities/${activity.id}/ask`,
      { storyfileId: storyfile.id, text: RECORDED_QUESTIONS[0]!.text },
    );
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('This activity does not exist or is not yours to see.');
    const current = await owner.expectStatus<{ items: Activity[] }>(
      200,
      'GET',
      `/v1/conversa/learning/activities?organizationId=${school}`,
    );
    expect(current.items.map((item) => item.id)).not.toContain(activity.id);
    const all = await owner.expectStatus<{ items: Activity[] }>(
      200,
      'GET',
      `/v1/conversa/learning/activities?organizationId=${school}&includeArchived=true`,
    );
    expect(all.items.find((item) => item.id === activity.id)?.isArchived).toBe(true);
  });

  it('assigned to a class (team): its member sees it and is on the roster, nobody else', async () => {
    const team = await owner.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/organizations/${school}/teams`,
      { name: 'Class 7B', scope: null },
    );
    await owner.expectStatus(200, 'PUT', `/v1/conversa/teams/${team.id}/members/${classmateId}`);
    const activity = await createActivity({
      title: 'For the class',
      studentIds: [],
      teamIds: [team.id],
      rule: { questionsAsked: 1 },
    });
    expect(activity).toMatchObject({ studentIds: [], teamIds: [team.id] });
    const seen = async (client: ApiClient) =>
      (
        await client.expectStatus<{ items: MyActivity[] }>(
          200,
          'GET',
          '/v1/conversa/learning/my-activities',
        )
      ).items.map((item) => item.id);
    expect(await seen(classmate)).toContain(activity.id);
    expect(await seen(student)).not.toContain(activity.id);
    const asked = await ask(classmate, activity.id, RECORDED_QUESTIONS[0]!.text);
    expect(asked.progress.state).toBe('completed');
    const roster = await rosterOf(activity.id);
    expect(Object.keys(roster)).toEqual(['grace@school.test']);
    expect(roster['grace@school.test']!.state).toBe('completed');
  });

  it("refuses another organization's student, class or storyfile, on create and on edit", async () => {
    const other = (
      await studio.database.db.execute<{ id: string }>(
        sql`select id from namespaces where label = 'other school'`,
      )
    ).rows[0]!.id;
    await buildMember(studio, 'kid@other.test', { 'other school': 'restricted:ns' });
    const outsider = await userIdOf('kid@other.test');
    const outsideTeam = await otherOwner.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/organizations/${other}/teams`,
      { name: 'Their class', scope: null },
    );
    const outsideStoryfile = await seedStoryfileWithAnswers(studio, otherOwner, other);
    const activity = await createActivity({ title: 'Ours', rule: { questionsAsked: 1 } });
    const cases: [Record<string, unknown>, string][] = [
      [
        { studentIds: [studentId, outsider] },
        'This student does not exist or is not yours to see.',
      ],
      [{ teamIds: [outsideTeam.id] }, 'A chosen class (team) does not exist in this organization.'],
      [
        { storyfileIds: [storyfile.id, outsideStoryfile.id] },
        'A chosen storyfile does not exist in this organization.',
      ],
    ];
    for (const [fields, message] of cases) {
      const body = {
        title: 'Crossing over',
        storyfileIds: [storyfile.id],
        studentIds: [studentId],
        rule: { questionsAsked: 1 },
        ...fields,
      };
      const created = await owner.post<{ message: string }>('/v1/conversa/learning/activities', {
        organizationId: school,
        ...body,
      });
      expect([created.status, created.body.message]).toEqual([404, message]);
      const edited = await owner.put<{ message: string }>(
        `/v1/conversa/learning/activities/${activity.id}`,
        body,
      );
      expect([edited.status, edited.body.message]).toEqual([404, message]);
    }
    const kept = await owner.expectStatus<{ activity: Activity }>(
      200,
      'GET',
      `/v1/conversa/learning/activities/${activity.id}`,
    );
    expect(kept.activity).toMatchObject({
      title: 'Ours',
      studentIds: [studentId, classmateId].sort(),
      teamIds: [],
      storyfiles: [{ id: storyfile.id }],
    });
  });

  it('not open yet: readable, not startable', async () => {
    const later = await createActivity({
      title: 'Opens tomorrow',
      openAt: inHours(24),
      rule: { questionsAsked: 1 },
    });
    const page = await student.expectStatus<{ activity: MyActivity }>(
      200,
      'GET',
      `/v1/conversa/learning/my-activities/${later.id}`,
    );
    expect(page.activity).toMatchObject({
      title: 'Opens tomorrow',
      isStartable: false,
      notStartableReason: 'This activity is not open yet.',
    });
    const refused = await student.post<{ message: string }>(
      `/v1/conversa/learning/my-activities/${later.id}/ask`,
      { storyfileId: storyfile.id, text: RECORDED_QUESTIONS[0]!.text },
    );
    expect([refused.status, refused.body.message]).toEqual([403, 'This activity is not open yet.']);
    expect((await rosterOf(later.id))['ada@school.test']!.state).toBe('not_started');
  });
});

describe('progress under each rule kind', () => {
  it('"ask 3 questions": the student sees only their activity, the bar fills, the roster says completed', async () => {
    const activity = await createActivity({ title: 'Ask three', rule: { questionsAsked: 3 } });
    const mine = await student.expectStatus<{ items: MyActivity[] }>(
      200,
      'GET',
      '/v1/conversa/learning/my-activities',
    );
    const listed = mine.items.find((item) => item.id === activity.id)!;
    expect(listed.ruleSummary).toEqual(['Ask 3 questions']);
    expect(listed.progress.state).toBe('not_started');
    const first = await ask(student, activity.id, RECORDED_QUESTIONS[0]!.text);
    expect(first.progress).toMatchObject({ state: 'in_progress', questionsAsked: 1 });
    expect(first.progress.fraction).toBeCloseTo(1 / 3);
    await ask(student, activity.id, RECORDED_QUESTIONS[1]!.text);
    const third = await ask(student, activity.id, 'Do you like cheese?');
    expect(third.progress).toMatchObject({ state: 'completed', questionsAsked: 3, fraction: 1 });
    const roster = await rosterOf(activity.id);
    expect(roster['ada@school.test']).toMatchObject({ state: 'completed', questionsAsked: 3 });
    expect(roster['grace@school.test']).toMatchObject({ state: 'not_started', questionsAsked: 0 });

    // Editing the rule recomputes progress.
    await owner.expectStatus(200, 'PUT', `/v1/conversa/learning/activities/${activity.id}`, {
      title: 'Ask five',
      storyfileIds: [storyfile.id],
      studentIds: [studentId, classmateId],
      rule: { questionsAsked: 5 },
    });
    expect((await rosterOf(activity.id))['ada@school.test']).toMatchObject({
      state: 'in_progress',
      fraction: 0.6,
    });

    // The student's page: the transcript plays the recorded answers.
    const page = await owner.expectStatus<{
      activities: {
        activity: Activity;
        transcript: { questionText: string; media: { url: string } | null }[];
      }[];
    }>(200, 'GET', `/v1/conversa/learning/students/${studentId}?organizationId=${school}`);
    const transcript = page.activities.find(
      (entry) => entry.activity.id === activity.id,
    )!.transcript;
    expect(transcript.map((entry) => entry.questionText)).toEqual([
      RECORDED_QUESTIONS[0]!.text,
      RECORDED_QUESTIONS[1]!.text,
      'Do you like cheese?',
    ]);
    const video = await owner.browser.api(transcript[0]!.media!.url);
    expect(video.status).toBe(200);
  });

  it('distinct answers heard: the same answer twice counts once', async () => {
    const activity = await createActivity({ title: 'Hear two', rule: { distinctAnswers: 2 } });
    await ask(student, activity.id, RECORDED_QUESTIONS[0]!.text);
    const again = await ask(student, activity.id, RECORDED_QUESTIONS[0]!.alternates[0]!);
    expect(again.progress).toMatchObject({ state: 'in_progress', distinctAnswers: 1 });
    const second = await ask(student, activity.id, RECORDED_QUESTIONS[2]!.text);
    expect(second.progress).toMatchObject({ state: 'completed', distinctAnswers: 2 });
  });

  it('topics covered and a combination: every criterion must be met', async () => {
    const activity = await createActivity({
      title: 'Cover life, ask two',
      rule: { topicIds: [lifeTopicId], questionsAsked: 2 },
    });
    const first = await ask(student, activity.id, RECORDED_QUESTIONS[1]!.text);
    expect(first.progress).toMatchObject({ state: 'in_progress', topicsCovered: 1 });
    expect(first.progress.fraction).toBeCloseTo(0.75);
    const second = await ask(student, activity.id, 'Anything else?');
    expect(second.progress.state).toBe('completed');
  });

  it('minutes in conversation, from the span of the conversation', async () => {
    const activity = await createActivity({ title: 'Talk two minutes', rule: { minutes: 2 } });
    const first = await ask(student, activity.id, RECORDED_QUESTIONS[0]!.text);
    expect(first.progress.state).toBe('in_progress');
    expect(first.progress.minutes).toBeLessThan(2);
    // A second conversation, opened before its first question; it began three minutes before
    // that question. The summary reads the conversation's start when the exchange is logged.
    const opened = await student.expectStatus<{ conversationId: string; exchangeId: null }>(
      200,
      'POST',
      `/v1/conversa/learning/my-activities/${activity.id}/ask`,
      { storyfileId: storyfile.id, text: '', start: true },
    );
    expect(opened.exchangeId).toBeNull();
    expect(opened.conversationId).not.toBe(first.conversationId);
    await studio.database.db.execute(
      sql`update conversations set started_at = started_at - interval '3 minutes'
          where id = ${opened.conversationId}`,
    );
    expect((await rosterOf(activity.id))['ada@school.test']!.state).toBe('in_progress');
    const second = await student.expectStatus<{ progress: Progress }>(
      200,
      'POST',
      `/v1/conversa/learning/my-activities/${activity.id}/ask`,
      {
        storyfileId: storyfile.id,
        text: RECORDED_QUESTIONS[1]!.text,
        conversationId: opened.conversationId,
      },
    );
    expect(second.progress.state).toBe('completed');
    const progress = (await rosterOf(activity.id))['ada@school.test']!;
    expect(progress.state).toBe('completed');
    expect(progress.minutes).toBeGreaterThanOrEqual(3);
    // Editing the rule recomputes from the same summary: four minutes are not met yet.
    await owner.expectStatus(200, 'PUT', `/v1/conversa/learning/activities/${activity.id}`, {
      title: 'Talk four minutes',
      storyfileIds: [storyfile.id],
      studentIds: [studentId, classmateId],
      rule: { minutes: 4 },
    });
    expect((await rosterOf(activity.id))['ada@school.test']!.state).toBe('in_progress');
  });

  it('the roster is a list: paged, sorted by name, searched by name or email, counts of everyone', async () => {
    const activity = await createActivity({ title: 'Paged roster', rule: { questionsAsked: 1 } });
    await ask(student, activity.id, RECORDED_QUESTIONS[0]!.text);
    const path = `/v1/conversa/learning/activities/${activity.id}`;
    const [ada, grace] = await Promise.all(
      ['ada@school.test', 'grace@school.test'].map(async (email) => {
        const rows = await studio.database.db.execute<{ name: string }>(
          sql`select coalesce(nullif(trim(concat_ws(' ', first_name, last_name)), ''), email)
            as name from users where email = ${email}`,
        );
        return rows.rows[0]!.name;
      }),
    );
    const [first, second] = [ada, grace].sort((a, b) => a!.localeCompare(b!));
    const second_page = await owner.expectStatus<RosterBody>(
      200,
      'GET',
      `${path}?pageSize=1&page=2`,
    );
    expect(second_page).toMatchObject({ page: 2, pageSize: 1, total: 2, pageCount: 2 });
    expect(second_page.roster.map((row) => row.student.name)).toEqual([second]);
    expect(second_page.counts).toEqual({ completed: 1, not_started: 1 });
    const firstPage = await owner.expectStatus<RosterBody>(200, 'GET', `${path}?pageSize=1`);
    expect(firstPage.roster.map((row) => row.student.name)).toEqual([first]);
    const found = await owner.expectStatus<RosterBody>(
      200,
      'GET',
      `${path}?search=${encodeURIComponent('GRACE@school')}&searchOptions=email`,
    );
    expect(found.roster.map((row) => row.student.email)).toEqual(['grace@school.test']);
    expect(found).toMatchObject({ total: 1, pageCount: 1 });
    // The counts are of every assigned student, whatever the search.
    expect(found.counts).toEqual({ completed: 1, not_started: 1 });
    const none = await owner.expectStatus<RosterBody>(200, 'GET', `${path}?search=nobody`);
    expect(none).toMatchObject({ roster: [], total: 0, pageCount: 1 });
    const past = await owner.expectStatus<RosterBody>(200, 'GET', `${path}?page=9`);
    expect(past).toMatchObject({ roster: [], total: 2, pageCount: 1 });
    // The last safe page number reads nothing (no overflow in the statement).
    const far = await owner.expectStatus<RosterBody>(200, 'GET', `${path}?page=9007199254740991`);
    expect(far).toMatchObject({ roster: [], total: 2 });
    await owner.expectStatus(400, 'GET', `${path}?searchOptions=password`);
    const refused = await owner.expectStatus<{ message: string }>(
      400,
      'GET',
      `${path}?pageSize=101`,
    );
    expect(refused.message).toBe(ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE);
  });

  it('late: not done by the due date, or completed after it', async () => {
    const overdue = await createActivity({
      title: 'Overdue',
      openAt: inHours(-48),
      dueAt: inHours(-24),
      rule: { questionsAsked: 1 },
    });
    expect((await rosterOf(overdue.id))['grace@school.test']!.state).toBe('late');
    await ask(student, overdue.id, RECORDED_QUESTIONS[0]!.text);
    const roster = await rosterOf(overdue.id);
    expect(roster['ada@school.test']).toMatchObject({ state: 'late', questionsAsked: 1 });
    expect(roster['ada@school.test']!.completedAt).not.toBeNull();

    const onTime = await createActivity({
      title: 'On time',
      dueAt: inHours(24),
      rule: { questionsAsked: 1 },
    });
    await ask(student, onTime.id, RECORDED_QUESTIONS[0]!.text);
    expect((await rosterOf(onTime.id))['ada@school.test']!.state).toBe('completed');
  });

  it('outside its dates an activity is readable but not startable', async () => {
    const closed = await createActivity({
      title: 'Closed',
      openAt: inHours(-48),
      closeAt: inHours(-1),
      rule: { questionsAsked: 1 },
    });
    const page = await student.expectStatus<{ activity: MyActivity }>(
      200,
      'GET',
      `/v1/conversa/learning/my-activities/${closed.id}`,
    );
    expect(page.activity).toMatchObject({
      isStartable: false,
      notStartableReason: ACTIVITY_CLOSED_MESSAGE,
    });
    const refused = await student.post<{ message: string }>(
      `/v1/conversa/learning/my-activities/${closed.id}/ask`,
      { storyfileId: storyfile.id, text: 'Hello?' },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ACTIVITY_CLOSED_MESSAGE);
  });
});

describe("the student's player", () => {
  const storyfilePath = (activityId: string, storyfileId = storyfile.id) =>
    `/v1/conversa/learning/my-activities/${activityId}/storyfiles/${storyfileId}`;

  it("reads a storyfile of the student's own open activity: idle and intro clips, starters", async () => {
    const recorded = storyfile.questions[RECORDED_QUESTIONS[1]!.text]!;
    await owner.expectStatus(200, 'PUT', `/v1/conversa/storyfiles/${storyfile.id}/starters`, {
      questionIds: [recorded],
    });
    const activity = await createActivity({
      title: 'Player',
      studentIds: [studentId],
      rule: { questionsAsked: 1 },
    });
    const read = await student.expectStatus<MyActivityStoryfile>(
      200,
      'GET',
      storyfilePath(activity.id),
    );
    expect(read).toMatchObject({
      id: storyfile.id,
      name: storyfile.name,
      language: 'en-US',
      starters: [{ questionId: recorded, text: RECORDED_QUESTIONS[1]!.text }],
      hasStory: false,
      speechHints: [],
    });
    expect(read.clips.idle!.url).toContain(`/media/${storyfile.clips.idle}/`);
    expect(read.clips.intro!.url).toContain(`/media/${storyfile.clips.intro}/`);
    expect((await student.browser.api(read.clips.idle!.url)).status).toBe(200);
  });

  it('refuses a storyfile outside the activity, an activity not assigned, and one not open', async () => {
    const activity = await createActivity({
      title: 'Only Ada',
      studentIds: [studentId],
      rule: { questionsAsked: 1 },
    });
    const elsewhere = await student.get<{ message: string }>(
      storyfilePath(activity.id, otherStoryfile.id),
    );
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe(STORYFILE_NOT_IN_ACTIVITY_MESSAGE);
    const notAssigned = await classmate.get<{ message: string }>(storyfilePath(activity.id));
    expect(notAssigned.status).toBe(404);
    expect(notAssigned.body.message).toBe(ACTIVITY_NOT_FOUND_MESSAGE);

    const later = await createActivity({
      title: 'Opens tomorrow',
      openAt: inHours(24),
      rule: { questionsAsked: 1 },
    });
    const notOpen = await student.get<{ message: string }>(storyfilePath(later.id));
    expect(notOpen.status).toBe(403);
    expect(notOpen.body.message).toBe(ACTIVITY_NOT_OPEN_MESSAGE);
    const closed = await createActivity({
      title: 'Closed an hour ago',
      openAt: inHours(-48),
      closeAt: inHours(-1),
      rule: { questionsAsked: 1 },
    });
    const afterClose = await student.get<{ message: string }>(storyfilePath(closed.id));
    expect(afterClose.status).toBe(403);
    expect(afterClose.body.message).toBe(ACTIVITY_CLOSED_MESSAGE);
    await owner.expectStatus(200, 'PUT', `/v1/conversa/learning/activities/${activity.id}`, {
      title: 'Only Ada',
      storyfileIds: [storyfile.id],
      studentIds: [studentId],
      rule: { questionsAsked: 1 },
      isArchived: true,
    });
    expect((await student.get(storyfilePath(activity.id))).status).toBe(404);
  });

  it('a student rates an answer once, kept on the exchange of their attempt; nobody else can rate it', async () => {
    const activity = await createActivity({
      title: 'Rate the answers',
      rule: { questionsAsked: 3 },
    });
    const answered = await student.expectStatus<{ exchangeId: string; conversationId: string }>(
      200,
      'POST',
      `/v1/conversa/learning/my-activities/${activity.id}/ask`,
      { storyfileId: storyfile.id, text: RECORDED_QUESTIONS[0]!.text },
    );
    const feedbackPath = (activityId: string, exchangeId: string) =>
      `/v1/conversa/learning/my-activities/${activityId}/exchanges/${exchangeId}/feedback`;
    // A classmate in the same activity cannot rate another student's answer.
    expect(
      await classmate.post(feedbackPath(activity.id, answered.exchangeId), { feedback: 'up' }),
    ).toMatchObject({ status: 404, body: { message: EXCHANGE_NOT_FOUND_MESSAGE } });
    expect(
      await student.expectStatus(200, 'POST', feedbackPath(activity.id, answered.exchangeId), {
        feedback: 'down',
      }),
    ).toEqual({ exchangeId: answered.exchangeId, feedback: 'down' });
    expect(
      await student.post(feedbackPath(activity.id, answered.exchangeId), { feedback: 'up' }),
    ).toMatchObject({ status: 409, body: { message: EXCHANGE_ALREADY_RATED_MESSAGE } });
    const [logged] = (
      await studio.database.db.execute<{ feedback: string; activity_id: string }>(sql`
        select e.feedback, t.activity_id from chat_log_entries e
        join learning_attempts t on t.conversation_id = e.conversation_id
        where e.id = ${answered.exchangeId}`)
    ).rows;
    expect(logged).toEqual({ feedback: 'down', activity_id: activity.id });
    // Issue 54, item 7: the teacher sees the rating where they follow the student (the attempt's
    // transcript, the chat log's conversation), on the learning player's channel.
    const followed = await owner.expectStatus<{
      activities: { activity: { id: string }; transcript: { id: string; feedback: unknown }[] }[];
    }>(200, 'GET', `/v1/conversa/learning/students/${studentId}?organizationId=${school}`);
    const attempt = followed.activities.find((entry) => entry.activity.id === activity.id);
    expect(attempt?.transcript.map(({ id, feedback }) => ({ id, feedback }))).toEqual([
      { id: answered.exchangeId, feedback: 'down' },
    ]);
    const conversation = await owner.expectStatus<{
      channel: string;
      entries: { id: string; channel: string; feedback: unknown }[];
    }>(200, 'GET', `/v1/conversa/conversations/${answered.conversationId}`);
    expect(conversation.channel).toBe('learning');
    expect(
      conversation.entries.map(({ id, channel, feedback }) => ({ id, channel, feedback })),
    ).toEqual([{ id: answered.exchangeId, channel: 'learning', feedback: 'down' }]);
    // Through another activity the exchange is not the student's.
    const other = await createActivity({ title: 'Another activity', rule: { questionsAsked: 3 } });
    expect(
      (await student.post(feedbackPath(other.id, answered.exchangeId), { feedback: 'up' })).status,
    ).toBe(404);
  });

  it("gives each transcript entry its attempt's start (the conversation's) and storyfile", async () => {
    const activity = await createActivity({
      title: 'Two attempts',
      studentIds: [studentId],
      rule: { questionsAsked: 3 },
    });
    const first = await ask(student, activity.id, RECORDED_QUESTIONS[0]!.text);
    const opened = await student.expectStatus<{ conversationId: string }>(
      200,
      'POST',
      `/v1/conversa/learning/my-activities/${activity.id}/ask`,
      { storyfileId: storyfile.id, text: '', start: true },
    );
    await studio.database.db.execute(
      sql`update conversations set started_at = '2026-01-02T03:04:05.678Z'
          where id = ${opened.conversationId}`,
    );
    await student.expectStatus(
      200,
      'POST',
      `/v1/conversa/learning/my-activities/${activity.id}/ask`,
      {
        storyfileId: storyfile.id,
        text: RECORDED_QUESTIONS[1]!.text,
        conversationId: opened.conversationId,
      },
    );
    const started = await studio.database.db.execute<{ started_at: Date }>(
      sql`select started_at from conversations where id = ${first.conversationId}`,
    );
    const page = await student.expectStatus<{
      transcript: {
        conversationId: string;
        conversationStartedAt: string;
        storyfileName: string;
      }[];
    }>(200, 'GET', `/v1/conversa/learning/my-activities/${activity.id}`);
    expect(
      page.transcript.map((entry) => [
        entry.conversationId,
        entry.conversationStartedAt,
        entry.storyfileName,
      ]),
    ).toEqual([
      [first.conversationId, new Date(started.rows[0]!.started_at).toISOString(), storyfile.name],
      [opened.conversationId, '2026-01-02T03:04:05.678Z', storyfile.name],
    ]);
  });
});

describe('the restricted role', () => {
  it('is refused on every call that is not open to students', async () => {
    const document = (await (await fetch(`${studio.baseUrl}/docs/json`)).json()) as OpenApiDocument;
    const targets: Targets = {
      namespaceId: school,
      storyfileId: storyfile.id,
      checklistTopicId: lifeTopicId,
      checklistQuestionId: storyfile.questions[RECORDED_QUESTIONS[0]!.text]!,
      libraryTopicId: lifeTopicId,
      libraryQuestionId: storyfile.questions[RECORDED_QUESTIONS[0]!.text]!,
      scriptId: storyfile.id,
      scriptTopicId: lifeTopicId,
      conversationId: storyfile.id,
      slug: 'no-such-slug',
    };
    const OPEN_TO_STUDENTS = new Set([
      'GET /v1/conversa/auth/me',
      'GET /v1/conversa/feedback/config',
      'POST /v1/conversa/feedback',
      'GET /v1/conversa/uploads',
      'GET /v1/conversa/learning/my-activities',
      'GET /v1/conversa/learning/my-activities/{id}',
      'POST /v1/conversa/learning/my-activities/{id}/ask',
      'POST /v1/conversa/learning/my-activities/{id}/exchanges/{exchangeId}/feedback',
      'POST /v1/conversa/learning/my-activities/{id}/speech2text',
      // Its WebSocket twin (issue 42, item 3): a student's spoken question streamed while said.
      'GET /v1/conversa/learning/my-activities/{id}/speech2text/stream',
      'GET /v1/conversa/learning/my-activities/{id}/speech-settings',
      'GET /v1/conversa/learning/my-activities/{id}/storyfiles/{storyfileId}',
    ]);
    const wrong: string[] = [];
    let refusedCount = 0;
    for (const operation of listOperations(document)) {
      const key = `${operation.method} ${operation.path}`;
      if (operation.permission?.kind === 'public' || OPEN_TO_STUDENTS.has(key)) {
        continue;
      }
      const request = buildRequest(operation, targets);
      const answer = await classmate.browser.api(request.url, {
        method: request.method,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      });
      const body = (await answer.json().catch(() => ({}))) as { message?: string };
      // SCIM calls take an organization's SCIM token, never a session: 401 for anyone signed in.
      if (operation.permission?.kind === 'scimToken') {
        if (answer.status !== 401) {
          wrong.push(`${key} -> ${answer.status} ${body.message ?? ''}`);
        }
        continue;
      }
      if (answer.status !== 403 || body.message !== 'You need to be at least "Viewer"') {
        wrong.push(`${key} -> ${answer.status} ${body.message ?? ''}`);
      }
      refusedCount += 1;
    }
    expect(wrong).toEqual([]);
    expect(refusedCount).toBeGreaterThan(60);
    // What stays open answers.
    expect((await classmate.get('/v1/conversa/auth/me')).status).toBe(200);
    expect((await classmate.get('/v1/conversa/learning/my-activities')).status).toBe(200);
    // The shell's upload bar asks on every page: no 403 in a student's console (issue 44).
    const uploads = await classmate.get('/v1/conversa/uploads');
    expect([uploads.status, uploads.body]).toEqual([200, { uploads: [] }]);
    // Nor for their own picture, which the shell shows (none yet: 204).
    const me = await classmate.get<{ iam: string }>('/v1/conversa/auth/me');
    expect((await classmate.get(`/avatar/${me.body.iam}/type/user`)).status).toBe(204);
  });
});

describe('xAPI statements', () => {
  /** Until the send after an ask has failed for every statement `ofActivity` selects. */
  const waitForFailedSend = (ofActivity: SQL) =>
    expect
      .poll(
        async () =>
          (
            await studio.database.db.execute<{ attempts: number }>(
              sql`select min(attempts)::int as attempts from learning_xapi_outbox
                  where ${ofActivity}`,
            )
          ).rows[0]?.attempts ?? 0,
        { timeout: 10_000 },
      )
      .toBeGreaterThanOrEqual(1);

  it('describes one attempt: asked, answered, completed, with the activity and storyfile as objects', async () => {
    const activity = await createActivity({
      title: 'Statements',
      studentIds: [classmateId],
      rule: { questionsAsked: 2 },
    });
    lrs.isUp = true;
    await ask(classmate, activity.id, RECORDED_QUESTIONS[0]!.text);
    await ask(classmate, activity.id, 'Do you like cheese?');
    const { statements } = await owner.expectStatus<{ statements: XapiStatement[] }>(
      200,
      'GET',
      `/v1/conversa/learning/activities/${activity.id}/xapi`,
    );
    expect(statements.map((statement) => statement.verb.display['en-US'])).toEqual([
      'asked',
      'answered',
      'asked',
      'completed',
    ]);
    expect(statements[0]!.actor).toEqual({
      objectType: 'Agent',
      name: 'grace@school.test',
      mbox: 'mailto:grace@school.test',
    });
    expect(statements[0]!.object.id).toBe(`${studio.config.publicUrl}/storyfiles/${storyfile.id}`);
    expect(statements[0]!.result?.response).toBe(RECORDED_QUESTIONS[0]!.text);
    expect(statements[0]!.context.contextActivities.parent[0]!.id).toBe(
      `${studio.config.publicUrl}/learning/activities/${activity.id}`,
    );
    expect(statements[3]!.object.definition.name['en-US']).toBe('Statements');
  });

  it('queues the statements in the transaction that logs the exchange, or neither is kept', async () => {
    const activity = await createActivity({
      title: 'Outbox with the exchange',
      studentIds: [classmateId],
      rule: { questionsAsked: 1 },
    });
    const { db } = studio.database;
    const asked = await ask(classmate, activity.id, RECORDED_QUESTIONS[0]!.text);
    // Written by the same transaction: its now() is the exchange's creation time.
    const rows = await db.execute<{ verb: string; is_same_transaction: boolean }>(sql`
      select o.statement->'verb'->'display'->>'en-US' as verb,
        o.created_at = e.created_at as is_same_transaction
      from learning_xapi_outbox o
      join chat_log_entries e on e.conversation_id = ${asked.conversationId}
      where o.statement::text like ${`%${activity.id}%`}
      order by verb`);
    expect(rows.rows).toEqual([
      { verb: 'answered', is_same_transaction: true },
      { verb: 'asked', is_same_transaction: true },
      { verb: 'completed', is_same_transaction: true },
    ]);

    // When the statements cannot be kept, the exchange is not logged either: nothing is lost.
    const other = await createActivity({
      title: 'Outbox refuses',
      studentIds: [classmateId],
      rule: { questionsAsked: 1 },
    });
    await db.execute(sql`
      create function refuse_outbox() returns trigger language plpgsql as
        $$ begin raise exception 'outbox unavailable'; end $$`);
    await db.execute(sql`
      create trigger refuse_outbox before insert on learning_xapi_outbox
      for each row execute function refuse_outbox()`);
    try {
      const failed = await classmate.post(`/v1/conversa/learning/my-activities/${other.id}/ask`, {
        storyfileId: storyfile.id,
        text: RECORDED_QUESTIONS[1]!.text,
      });
      expect(failed.status).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_outbox on learning_xapi_outbox`);
      await db.execute(sql`drop function refuse_outbox()`);
    }
    const logged = await db.execute(sql`
      select 1 from chat_log_entries where question_text = ${RECORDED_QUESTIONS[1]!.text}
        and conversation_id in (select id from conversations
          where visitor_key = ${`learning:${other.id}:${classmateId}`})`);
    expect(logged.rows).toHaveLength(0);
    expect((await rosterOf(other.id))['grace@school.test']!.state).toBe('not_started');
  });

  it('keeps statements while the LRS is down and sends them once it is up, none lost', async () => {
    const activity = await createActivity({
      title: 'LRS down',
      studentIds: [classmateId],
      rule: { questionsAsked: 1 },
    });
    lrs.isUp = false;
    lrs.received = [];
    await ask(classmate, activity.id, RECORDED_QUESTIONS[2]!.text);
    const { db } = studio.database;
    const ofActivity = sql`statement::text like ${`%${activity.id}%`}`;
    // The send after the ask fails; the statements wait in the outbox with the failure.
    await waitForFailedSend(ofActivity);
    const waiting = await db.execute<{
      statement: XapiStatement;
      last_error: string;
      is_backing_off: boolean;
    }>(
      sql`select statement, last_error, next_attempt_at > now() as is_backing_off
          from learning_xapi_outbox where ${ofActivity} order by created_at`,
    );
    expect(waiting.rows.map((row) => row.statement.verb.display['en-US']).sort()).toEqual([
      'answered',
      'asked',
      'completed',
    ]);
    expect(waiting.rows.every((row) => row.last_error === 'LRS answered 503')).toBe(true);
    expect(waiting.rows.every((row) => row.is_backing_off)).toBe(true);
    const settings = { endpoint: lrsUrl, auth: 'Basic bHJzOnNlY3JldA==' };
    lrs.isUp = true;
    // Before the backoff has passed nothing is sent.
    expect(await drainXapiOutbox(db, settings)).toEqual({ sent: 0, refused: 0, failed: 0 });
    await db.execute(
      sql`update learning_xapi_outbox set next_attempt_at = now() where ${ofActivity}`,
    );
    expect(await drainXapiOutbox(db, settings)).toEqual({ sent: 3, refused: 0, failed: 0 });
    const sent = lrs.received.flatMap((batch) => batch.statements);
    expect(sent.map((statement) => statement.id).sort()).toEqual(
      waiting.rows.map((row) => row.statement.id).sort(),
    );
    expect(lrs.received.every((batch) => batch.authorization === 'Basic bHJzOnNlY3JldA==')).toBe(
      true,
    );
    // Sent rows stay, marked: the outbox is also the record of what the LRS took.
    const kept = await db.execute<{ is_sent: boolean }>(
      sql`select sent_at is not null as is_sent from learning_xapi_outbox where ${ofActivity}`,
    );
    expect(kept.rows).toEqual([{ is_sent: true }, { is_sent: true }, { is_sent: true }]);
    expect(await drainXapiOutbox(db, settings)).toEqual({ sent: 0, refused: 0, failed: 0 });
  });

  it('keeps a statement the LRS refuses, with its answer, and sends the others', async () => {
    const activity = await createActivity({
      title: 'LRS refuses one',
      studentIds: [classmateId],
      rule: { questionsAsked: 2 },
    });
    const { db } = studio.database;
    const ofActivity = sql`statement::text like ${`%${activity.id}%`}`;
    lrs.isUp = false;
    await ask(classmate, activity.id, 'Refuse this question');
    await ask(classmate, activity.id, 'Do you like cheese?');
    await waitForFailedSend(ofActivity);
    lrs.isUp = true;
    lrs.received = [];
    lrs.isBad = (statement) => statement.result?.response === 'Refuse this question';
    try {
      // The refused statement is the oldest: it goes first, in the same batch as the others.
      await db.execute(
        sql`update learning_xapi_outbox set next_attempt_at = now() where ${ofActivity}`,
      );
      expect(await drainXapiOutbox(db, { endpoint: lrsUrl, auth: undefined })).toEqual({
        sent: 2,
        refused: 1,
        failed: 0,
      });
    } finally {
      lrs.isBad = () => false;
    }
    const rows = await db.execute<{
      verb: string;
      is_sent: boolean;
      is_refused: boolean;
      last_error: string | null;
    }>(sql`
      select statement->'verb'->'display'->>'en-US' as verb, sent_at is not null as is_sent,
        refused_at is not null as is_refused, last_error
      from learning_xapi_outbox where ${ofActivity} order by created_at, verb`);
    expect(
      rows.rows.map(({ verb, is_sent, is_refused }) => ({ verb, is_sent, is_refused })),
    ).toEqual([
      { verb: 'asked', is_sent: false, is_refused: true },
      { verb: 'asked', is_sent: true, is_refused: false },
      { verb: 'completed', is_sent: true, is_refused: false },
    ]);
    expect(rows.rows[0]!.last_error).toBe(
      'LRS answered 400: {"message":"Statement refused: bad response"}',
    );
    expect(
      lrs.received
        .flatMap((batch) => batch.statements)
        .map((statement) => statement.verb.display['en-US'])
        .sort(),
    ).toEqual(['asked', 'completed']);
    // A refused statement is never sent again, and never blocks what comes after it.
    lrs.received = [];
    await ask(classmate, activity.id, RECORDED_QUESTIONS[0]!.text);
    await expect
      .poll(() => lrs.received.flatMap((batch) => batch.statements).length, { timeout: 10_000 })
      .toBe(2);
    expect(
      lrs.received
        .flatMap((batch) => batch.statements)
        .map((statement) => statement.result?.response),
    ).not.toContain('Refuse this question');
  });

  it('keeps statements waiting, not refused, while the LRS rejects its credentials', async () => {
    const activity = await createActivity({
      title: 'Wrong LRS key',
      studentIds: [classmateId],
      rule: { questionsAsked: 5 },
    });
    const { db } = studio.database;
    const ofActivity = sql`statement::text like ${`%${activity.id}%`}`;
    lrs.isUp = false;
    await ask(classmate, activity.id, RECORDED_QUESTIONS[0]!.text);
    await waitForFailedSend(ofActivity);
    lrs.isUp = true;
    const due = sql`update learning_xapi_outbox set next_attempt_at = now() where ${ofActivity}`;
    await db.execute(due);
    expect(await drainXapiOutbox(db, { endpoint: lrsUrl, auth: WRONG_LRS_AUTH })).toEqual({
      sent: 0,
      refused: 0,
      failed: 2,
    });
    const waiting = await db.execute<{ is_refused: boolean; last_error: string }>(
      sql`select refused_at is not null as is_refused, last_error from learning_xapi_outbox
          where ${ofActivity}`,
    );
    expect(waiting.rows).toEqual([
      { is_refused: false, last_error: 'LRS answered 401: {"message":"Unknown key"}' },
      { is_refused: false, last_error: 'LRS answered 401: {"message":"Unknown key"}' },
    ]);
    // The key fixed, they go.
    await db.execute(due);
    expect(await drainXapiOutbox(db, { endpoint: lrsUrl, auth: 'Basic bHJzOnNlY3JldA==' })).toEqual(
      { sent: 2, refused: 0, failed: 0 },
    );
  });

  it('holds no lock or transaction while the LRS answers, and two drains never send one row twice', async () => {
    const activity = await createActivity({
      title: 'Slow LRS',
      studentIds: [classmateId],
      rule: { questionsAsked: 5 },
    });
    const { db } = studio.database;
    const ofActivity = sql`statement::text like ${`%${activity.id}%`}`;
    lrs.isUp = false;
    await ask(classmate, activity.id, 'Is anyone there?');
    await waitForFailedSend(ofActivity);
    lrs.isUp = true;
    lrs.received = [];
    let release = () => {};
    lrs.hold = new Promise<void>((resolve) => (release = resolve));
    await db.execute(
      sql`update learning_xapi_outbox set next_attempt_at = now() where ${ofActivity}`,
    );
    const settings = { endpoint: lrsUrl, auth: undefined };
    const slow = drainXapiOutbox(db, settings);
    try {
      await expect
        .poll(
          async () =>
            (
              await db.execute<{ is_leased: boolean }>(
                sql`select bool_and(next_attempt_at > now()) as is_leased from learning_xapi_outbox
                    where ${ofActivity}`,
              )
            ).rows[0]?.is_leased,
          { timeout: 10_000 },
        )
        .toBe(true);
      // While the request waits for the LRS, the row is not locked by the sender...
      const locked = await db.transaction(async (tx) =>
        tx.execute(sql`select id from learning_xapi_outbox where ${ofActivity} for update nowait`),
      );
      expect(locked.rows).toHaveLength(1);
      // ...and a second drain leaves it to the first (its lease).
      expect(await drainXapiOutbox(db, settings)).toEqual({ sent: 0, refused: 0, failed: 0 });
    } finally {
      release();
      lrs.hold = null;
    }
    expect(await slow).toEqual({ sent: 1, refused: 0, failed: 0 });
    expect(lrs.received.flatMap((batch) => batch.statements)).toHaveLength(1);
  });

  it('queues "completed" once when editing the rule completes a student', async () => {
    const fields = {
      title: 'Completed by an edit',
      storyfileIds: [storyfile.id],
      studentIds: [classmateId],
    };
    const activity = await createActivity({ ...fields, rule: { questionsAsked: 3 } });
    const { db } = studio.database;
    lrs.isUp = true;
    lrs.received = [];
    await ask(classmate, activity.id, RECORDED_QUESTIONS[0]!.text);
    await ask(classmate, activity.id, 'Do you like cheese?');
    const completedRows = async () =>
      (
        await db.execute<{ timestamp: string }>(sql`
          select statement->>'timestamp' as timestamp from learning_xapi_outbox
          where statement->'verb'->>'id' = 'http://adlnet.gov/expapi/verbs/completed'
            and statement->'object'->>'id' like ${`%${activity.id}`}`)
      ).rows;
    expect(await completedRows()).toEqual([]);
    const edit = (rule: Record<string, number>, title = fields.title) =>
      owner.expectStatus(200, 'PUT', `/v1/conversa/learning/activities/${activity.id}`, {
        ...fields,
        title,
        rule,
      });
    await edit({ questionsAsked: 2 });
    const roster = await rosterOf(activity.id);
    expect(roster['grace@school.test']!.state).toBe('completed');
    expect(await completedRows()).toEqual([
      { timestamp: roster['grace@school.test']!.completedAt },
    ]);
    // Saving again, or asking more, does not queue it twice.
    await edit({ questionsAsked: 2 }, 'Completed by an edit, renamed');
    await ask(classmate, activity.id, 'Anything else?');
    expect(await completedRows()).toHaveLength(1);
    const sentCompleted = () =>
      lrs.received
        .flatMap((batch) => batch.statements)
        .filter((statement) => statement.verb.display['en-US'] === 'completed');
    await expect.poll(() => sentCompleted().length, { timeout: 10_000 }).toBe(1);
    expect(sentCompleted()[0]!.object.id).toBe(
      `${studio.config.publicUrl}/learning/activities/${activity.id}`,
    );
  });
});

describe('the progress summary', () => {
  it('kept with each exchange, equals the one computed from the whole chat log', async () => {
    const order = sql`order by activity_id, student_id`;
    const kept = await studio.database.db.execute<Record<string, unknown>>(
      sql`select activity_id, student_id, questions_asked, question_times, answer_ids,
            answer_times, topics, seconds, minute_times, first_at, last_at
          from learning_progress ${order}`,
    );
    const rebuilt = await studio.database.db.execute<Record<string, unknown>>(
      sql`select * from (${summariesFromChatLog()}) s ${order}`,
    );
    // Every test above asked through the server; the summaries hold all of it.
    expect(kept.rows.length).toBeGreaterThanOrEqual(6);
    expect(kept.rows.length).toBe(rebuilt.rows.length);
    kept.rows.forEach((row, index) => {
      const { seconds, ...rest } = row;
      const { seconds: rebuiltSeconds, ...rebuiltRest } = rebuilt.rows[index]!;
      expect(rest).toEqual(rebuiltRest);
      expect(Number(seconds)).toBeCloseTo(Number(rebuiltSeconds), 3);
    });
  });
});

describe('students invited from a CSV of names and emails', () => {
  it('keeps each name with the invitation and offers it on the join page', async () => {
    const sent = await owner.expectStatus<{ results: { email: string; link: string }[] }>(
      201,
      'POST',
      `/v1/conversa/organizations/${school}/invitations`,
      {
        emails: ['mary@school.test', 'Alan@school.test', 'nameless@school.test'],
        names: { 'mary@school.test': 'Mary Ann Evans', 'alan@school.test': 'Turing, Alan' },
        scope: 'restricted:ns',
      },
    );
    const students = await owner.expectStatus<{
      pendingInvitations: { email: string; name: string | null }[];
    }>(200, 'GET', `/v1/conversa/learning/students?organizationId=${school}`);
    expect(students.pendingInvitations.map(({ email, name }) => ({ email, name }))).toEqual([
      { email: 'Alan@school.test', name: 'Turing, Alan' },
      { email: 'mary@school.test', name: 'Mary Ann Evans' },
      { email: 'nameless@school.test', name: null },
    ]);
    const browser = new TestBrowser(studio.baseUrl);
    const linkOf = (email: string) => sent.results.find((result) => result.email === email)!.link;
    const page = await (await browser.request(linkOf('Alan@school.test'))).text();
    expect(page).toContain(
      'name="firstName" autocomplete="given-name" maxlength="100" value="Alan"',
    );
    expect(page).toContain(
      'name="lastName" autocomplete="family-name" maxlength="100" value="Turing"',
    );
    const nameless = await (await browser.request(linkOf('nameless@school.test'))).text();
    expect(nameless).toContain('maxlength="100" value=""');
    // The person keeps the offered name by submitting the form as it came.
    const joined = await browser.request(linkOf('mary@school.test'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        firstName: 'Mary Ann',
        lastName: 'Evans',
        password: 'a-new-password',
      }).toString(),
    });
    expect(joined.status).toBe(200);
    const roster = await owner.expectStatus<{ items: { email: string; name: string }[] }>(
      200,
      'GET',
      `/v1/conversa/learning/students?organizationId=${school}`,
    );
    expect(roster.items.find((item) => item.email === 'mary@school.test')?.name).toBe(
      'Mary Ann Evans',
    );
  });
});

// Issue 43, item 11: a student's auth/me listed every storyfile id of the namespace.
describe("a student's auth/me", () => {
  it('lists only the storyfiles of the activities assigned to them', async () => {
    const newcomer = await buildMember(studio, 'lin@school.test', { school: 'restricted:ns' });
    type Me = { namespaces: { id: string; storyfileNamespaces: { storyfileId: string }[] }[] };
    const idsIn = async (client: ApiClient) =>
      (await client.expectStatus<Me>(200, 'GET', '/v1/conversa/auth/me')).namespaces
        .find((namespace) => namespace.id === school)!
        .storyfileNamespaces.map((entry) => entry.storyfileId);
    expect(await idsIn(newcomer)).toEqual([]);
    await createActivity({
      title: 'Only the first storyfile',
      studentIds: [await userIdOf('lin@school.test')],
      rule: { questionsAsked: 1 },
    });
    expect(await idsIn(newcomer)).toEqual([storyfile.id]);
    expect(await idsIn(owner)).toEqual(expect.arrayContaining([storyfile.id, otherStoryfile.id]));
  });
});
