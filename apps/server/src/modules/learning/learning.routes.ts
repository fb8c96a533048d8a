import type { FastifyInstance } from 'fastify';
import {
  askMyActivityContract,
  createActivityContract,
  duplicateActivityContract,
  getActivityContract,
  getActivityStatementsContract,
  getMyActivityContract,
  getMyActivityStoryfileContract,
  getStudentContract,
  listActivitiesContract,
  listMyActivitiesContract,
  listStudentsContract,
  rateMyActivityAnswerContract,
  updateActivityContract,
} from '@conversa/contracts';
import { rateMyActivityAnswer } from './rate-answer.service.ts';
import { registerContract } from '../../http/gateway.ts';
import { getActivityWithRoster } from './activity-roster.service.ts';
import { createActivity, duplicateActivity } from './create-activity.service.ts';
import { listActivities } from './list-activities.service.ts';
import {
  askMyActivity,
  getMyActivity,
  listMyActivities,
  type LearningContext,
} from './my-activities.service.ts';
import { getMyActivityStoryfile } from './my-activity-storyfile.service.ts';
import { getActivityStatements } from './statements.service.ts';
import { getStudent, listStudents } from './students.service.ts';
import { updateActivity } from './update-activity.service.ts';

/** The learning module's calls: owners' activities and students, and students' own activities. */
export function registerLearningRoutes(app: FastifyInstance, context: LearningContext): void {
  const { db } = context.engine;
  registerContract(app, listActivitiesContract, async (request) => ({
    items: await listActivities(db, request.currentUser, request.query),
  }));
  registerContract(app, createActivityContract, (request) =>
    createActivity(db, request.currentUser, request.body),
  );
  registerContract(app, getActivityContract, (request) =>
    getActivityWithRoster(db, request.currentUser, request.params.id, request.query),
  );
  registerContract(app, updateActivityContract, (request) =>
    updateActivity(
      db,
      request.currentUser,
      request.params.id,
      request.body,
      context.xapi.endpoint === undefined
        ? undefined
        : { publicUrl: context.publicUrl, onQueued: context.onStatementsQueued },
    ),
  );
  registerContract(app, duplicateActivityContract, (request) =>
    duplicateActivity(db, request.currentUser, request.params.id),
  );
  registerContract(app, getActivityStatementsContract, async (request) => ({
    statements: await getActivityStatements(
      context,
      request.currentUser,
      request.params.id,
      request.query.studentId,
    ),
  }));
  registerContract(app, listStudentsContract, (request) =>
    listStudents(context.engine, request.currentUser, request.query.organizationId),
  );
  registerContract(app, getStudentContract, (request) =>
    getStudent(
      context.engine,
      request.currentUser,
      request.query.organizationId,
      request.params.userId,
    ),
  );
  registerContract(app, listMyActivitiesContract, async (request) => ({
    items: await listMyActivities(context, request.currentUser),
  }));
  registerContract(app, getMyActivityContract, (request) =>
    getMyActivity(context, request.currentUser, request.params.id),
  );
  registerContract(app, getMyActivityStoryfileContract, (request) =>
    getMyActivityStoryfile(
      context,
      request.currentUser,
      request.params.id,
      request.params.storyfileId,
    ),
  );
  registerContract(app, askMyActivityContract, (request) =>
    askMyActivity(context, request.currentUser, request.params.id, request.body),
  );
  registerContract(app, rateMyActivityAnswerContract, (request) =>
    rateMyActivityAnswer(context, request.currentUser, {
      activityId: request.params.id,
      exchangeId: request.params.exchangeId,
      feedback: request.body.feedback,
    }),
  );
}
