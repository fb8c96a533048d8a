import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ACTIVITY_DATES_OUT_OF_ORDER_MESSAGE,
  ACTIVITY_NOT_FOUND_MESSAGE,
  COMPLETION_RULE_EMPTY_MESSAGE,
  LEARNING_NOT_ENABLED_MESSAGE,
  STUDENT_NOT_FOUND_MESSAGE,
  type Activity,
  type MyActivity,
} from '@conversa/contracts';
import { buildMember, type ApiClient } from '../../../test/storyfile.fixtures.ts';
import {
  RECORDED_QUESTIONS,
  seedStoryfileWithAnswers,
} from '../../../test/conversation.fixtures.ts';
import {
  studio,
  owner,
  otherOwner,
  plainOwner,
  student,
  classmate,
  school,
  plain,
  storyfile,
  otherStoryfile,
  studentId,
  classmateId,
  inHours,
  userIdOf,
  createActivity,
  ask,
  rosterOf,
  setUpLearningStudio,
} from '../../../test/learning.fixtures.ts';

setUpLearningStudio();

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
