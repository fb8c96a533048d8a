import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ACTIVITY_CLOSED_MESSAGE,
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
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import { summariesFromChatLog } from './progress.query.ts';
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

// A Learning Record Store on a loopback port: down (503) or up, recording what it was sent.
const lrs = {
  isUp: true,
  received: [] as { authorization: string | undefined; statements: XapiStatement[] }[],
};
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
      if (!lrs.isUp) {
        response.writeHead(503).end();
        return;
      }
      lrs.received.push({
        authorization: request.headers.authorization,
        statements: JSON.parse(body) as XapiStatement[],
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
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
    try {
      expect((await owner.get(`/v1/conversa/learning/activities/${activity.id}`)).status).toBe(403);
      expect((await student.get('/v1/conversa/learning/my-activities')).status).toBe(403);
    } finally {
      await setAttribute(true);
    }
    expect((await owner.get(`/v1/conversa/learning/activities/${activity.id}`)).status).toBe(200);
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
      'GET /v1/conversa/learning/my-activities',
      'GET /v1/conversa/learning/my-activities/{id}',
      'POST /v1/conversa/learning/my-activities/{id}/ask',
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
  });
});

describe('xAPI statements', () => {
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
    // The send after the ask fails; the statements wait in the outbox with the failure.
    await expect
      .poll(
        async () =>
          (
            await db.execute<{ attempts: number }>(
              sql`select min(attempts)::int as attempts from learning_xapi_outbox`,
            )
          ).rows[0]?.attempts ?? 0,
        { timeout: 10_000 },
      )
      .toBeGreaterThanOrEqual(1);
    const waiting = await db.execute<{ statement: XapiStatement }>(
      sql`select statement from learning_xapi_outbox order by created_at`,
    );
    expect(waiting.rows.map((row) => row.statement.verb.display['en-US']).sort()).toEqual([
      'answered',
      'asked',
      'completed',
    ]);
    lrs.isUp = true;
    const drained = await drainXapiOutbox(db, {
      endpoint: lrsUrl,
      auth: 'Basic bHJzOnNlY3JldA==',
    });
    expect(drained).toEqual({ sent: 3, failed: 0 });
    const sent = lrs.received.flatMap((batch) => batch.statements);
    expect(sent.map((statement) => statement.id).sort()).toEqual(
      waiting.rows.map((row) => row.statement.id).sort(),
    );
    expect(lrs.received.every((batch) => batch.authorization === 'Basic bHJzOnNlY3JldA==')).toBe(
      true,
    );
    const left = await db.execute(sql`select 1 from learning_xapi_outbox`);
    expect(left.rows).toHaveLength(0);
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
