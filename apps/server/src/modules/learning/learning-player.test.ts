import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ACTIVITY_CLOSED_MESSAGE,
  EXCHANGE_ALREADY_RATED_MESSAGE,
  EXCHANGE_NOT_FOUND_MESSAGE,
  ACTIVITY_NOT_FOUND_MESSAGE,
  ACTIVITY_NOT_OPEN_MESSAGE,
  STORYFILE_NOT_IN_ACTIVITY_MESSAGE,
  type MyActivityStoryfile,
} from '@conversa/contracts';
import { RECORDED_QUESTIONS } from '../../../test/conversation.fixtures.ts';
import {
  studio,
  owner,
  student,
  classmate,
  school,
  storyfile,
  otherStoryfile,
  studentId,
  classmateId,
  inHours,
  createActivity,
  ask,
  setUpLearningStudio,
} from '../../../test/learning.fixtures.ts';

setUpLearningStudio();

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
    // Issue 68, item 11: the roster (and its CSV) counts each student's ratings in the activity.
    const roster = await owner.expectStatus<{
      roster: { student: { id: string }; ratings: unknown }[];
    }>(200, 'GET', `/v1/conversa/learning/activities/${activity.id}`);
    expect(roster.roster.map(({ student: { id }, ratings }) => ({ id, ratings }))).toEqual(
      expect.arrayContaining([
        { id: studentId, ratings: { up: 0, down: 1 } },
        { id: classmateId, ratings: { up: 0, down: 0 } },
      ]),
    );
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

  // Issue 68, item 11: with a published ink story, a student's free question was taken as a story
  // choice, and the story ended after the first of "3 questions". An activity asks free questions.
  it("answers and counts an activity's free questions as asked, though the storyfile has a published ink story", async () => {
    const storyPath = `/v1/conversa/storyfiles/${storyfile.id}/ink-story`;
    const [born, movie, job] = RECORDED_QUESTIONS.map(({ text }) => text);
    const source = [
      'Hello! Ask me anything.',
      `* [${born}] -> finished`,
      `* [${movie}] -> finished`,
      '== finished',
      'That is all.',
      '-> END',
      '',
    ].join('\n');
    const version = await owner.expectStatus<{ number: number }>(
      201,
      'POST',
      `${storyPath}/versions`,
      {
        source,
      },
    );
    await owner.expectStatus(200, 'POST', `${storyPath}/versions/${version.number}/publish`);
    try {
      const activity = await createActivity({
        title: 'Three questions, story published',
        rule: { questionsAsked: 3 },
      });
      const read = await student.expectStatus<MyActivityStoryfile>(
        200,
        'GET',
        storyfilePath(activity.id),
      );
      expect(read.hasStory).toBe(false);
      const askPath = `/v1/conversa/learning/my-activities/${activity.id}/ask`;
      const opened = await student.expectStatus<{ conversationId: string; story: unknown }>(
        200,
        'POST',
        askPath,
        { storyfileId: storyfile.id, text: '', start: true },
      );
      expect(opened.story).toBeNull();
      let progress: { questionsAsked: number; state: string } | undefined;
      for (const text of [born, movie, job]) {
        const answered = await student.expectStatus<{
          decision: { kind: string; questionId?: string };
          story: unknown;
          progress: { questionsAsked: number; state: string };
        }>(200, 'POST', askPath, {
          storyfileId: storyfile.id,
          text,
          conversationId: opened.conversationId,
        });
        expect(answered.decision).toEqual({
          kind: 'answer',
          questionId: storyfile.questions[text!],
        });
        expect(answered.story).toBeNull();
        progress = answered.progress;
      }
      expect(progress).toMatchObject({ questionsAsked: 3, state: 'completed' });
    } finally {
      await owner.expectStatus(200, 'POST', `${storyPath}/unpublish`);
    }
  });
});
