import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ACTIVITY_CLOSED_MESSAGE,
  ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE,
  type Activity,
  type MyActivity,
  type Progress,
} from '@conversa/contracts';
import { summariesFromChatLog } from './progress-summary.query.ts';
import { RECORDED_QUESTIONS } from '../../../test/conversation.fixtures.ts';
import {
  studio,
  owner,
  student,
  school,
  storyfile,
  studentId,
  classmateId,
  lifeTopicId,
  inHours,
  createActivity,
  ask,
  type RosterBody,
  rosterOf,
  setUpLearningStudio,
} from '../../../test/learning.fixtures.ts';

setUpLearningStudio();

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
