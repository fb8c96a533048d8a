import type { FastifyInstance } from 'fastify';
import {
  applyScriptContract,
  checkStoryfileNameContract,
  createStoryfileContract,
  createStoryfileQuestionContract,
  createStoryfileTopicContract,
  deleteStoryfileContract,
  deleteStoryfileQuestionContract,
  deleteStoryfileTopicContract,
  getRecentStoryfilesContract,
  getStoryfileContract,
  listStoryfilesContract,
  moveStoryfileQuestionContract,
  reorderStoryfileQuestionsContract,
  reorderStoryfileTopicsContract,
  restoreStoryfileContract,
  saveStoryfileTopicsToLibraryContract,
  setStoryfileStartersContract,
  updateStoryfileClipContract,
  updateStoryfileContract,
  updateStoryfileQuestionContract,
  updateStoryfileTopicContract,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { registerContract, setStoryfileNamespaceResolver } from '../../http/gateway.ts';
import type { TrialUsage } from '../promo-codes/index.ts';
import { applyScript } from './apply-script.service.ts';
import {
  moveStoryfileQuestion,
  reorderStoryfileQuestions,
  reorderStoryfileTopics,
} from './checklist-order.service.ts';
import {
  createStoryfileQuestion,
  deleteStoryfileQuestion,
  updateStoryfileQuestion,
} from './checklist-questions.service.ts';
import {
  createStoryfileTopic,
  deleteStoryfileTopic,
  renameStoryfileTopic,
} from './checklist-topics.service.ts';
import { updateStoryfileClip } from './clips.service.ts';
import { saveStoryfileTopicsToLibrary } from './save-to-library.ts';
import { setStoryfileStarters } from './starters.service.ts';
import { findStoryfileNamespaceId, getStoryfileDetail } from './storyfile-detail.ts';
import {
  getRecentStoryfiles,
  isStoryfileNameUnique,
  listStoryfiles,
} from './storyfile-lists.service.ts';
import {
  createStoryfile,
  deleteStoryfile,
  restoreStoryfile,
  updateStoryfile,
} from './storyfiles.service.ts';

/**
 * Storyfile routes. Routes on one storyfile declare `storyfile` permissions: the gateway finds
 * the storyfile's namespace (setStoryfileNamespaceResolver) and checks the scope there before the
 * handler runs; namespace-wide routes check the namespace in the service.
 */
export function registerStoryfileRoutes(
  app: FastifyInstance,
  options: { db: Database; trialUsage: TrialUsage },
): void {
  const { db, trialUsage } = options;
  setStoryfileNamespaceResolver(app, (storyfileId) => findStoryfileNamespaceId(db, storyfileId));

  registerContract(app, listStoryfilesContract, (request) =>
    listStoryfiles(db, request.currentUser, request.query),
  );
  registerContract(app, getRecentStoryfilesContract, async (request) => ({
    items: await getRecentStoryfiles(db, request.currentUser, request.query.ids),
  }));
  registerContract(app, checkStoryfileNameContract, async (request) => ({
    unique: await isStoryfileNameUnique(db, request.currentUser, request.query),
  }));
  registerContract(app, createStoryfileContract, (request) =>
    createStoryfile(db, trialUsage, request.currentUser, request.body),
  );
  registerContract(app, getStoryfileContract, (request) =>
    getStoryfileDetail(db, request.params.id),
  );
  registerContract(app, updateStoryfileContract, (request) =>
    updateStoryfile(db, request.currentUser, request.params.id, request.body),
  );
  registerContract(app, deleteStoryfileContract, (request) =>
    deleteStoryfile(db, request.currentUser, request.params.id),
  );
  registerContract(app, restoreStoryfileContract, (request) =>
    restoreStoryfile(db, request.currentUser, request.params.id),
  );

  registerContract(app, createStoryfileTopicContract, (request) =>
    createStoryfileTopic(db, request.currentUser, request.params.id, request.body),
  );
  registerContract(app, updateStoryfileTopicContract, (request) =>
    renameStoryfileTopic(
      db,
      request.currentUser,
      request.params.id,
      request.params.topicId,
      request.body.name,
    ),
  );
  registerContract(app, deleteStoryfileTopicContract, (request) =>
    deleteStoryfileTopic(db, request.currentUser, request.params.id, request.params.topicId),
  );
  registerContract(app, reorderStoryfileTopicsContract, (request) =>
    reorderStoryfileTopics(db, request.currentUser, request.params.id, request.body.ids),
  );
  registerContract(app, createStoryfileQuestionContract, (request) =>
    createStoryfileQuestion(db, request.currentUser, request.params.id, request.body),
  );
  registerContract(app, updateStoryfileQuestionContract, (request) =>
    updateStoryfileQuestion(
      db,
      request.currentUser,
      request.params.id,
      request.params.questionId,
      request.body,
    ),
  );
  registerContract(app, deleteStoryfileQuestionContract, (request) =>
    deleteStoryfileQuestion(db, request.currentUser, request.params.id, request.params.questionId),
  );
  registerContract(app, moveStoryfileQuestionContract, (request) =>
    moveStoryfileQuestion(
      db,
      request.currentUser,
      request.params.id,
      request.params.questionId,
      request.body,
    ),
  );
  registerContract(app, reorderStoryfileQuestionsContract, (request) =>
    reorderStoryfileQuestions(
      db,
      request.currentUser,
      request.params.id,
      request.params.topicId,
      request.body.ids,
    ),
  );
  registerContract(app, updateStoryfileClipContract, (request) =>
    updateStoryfileClip(
      db,
      request.currentUser,
      request.params.id,
      request.params.kind,
      request.body.prompt,
    ),
  );
  registerContract(app, setStoryfileStartersContract, (request) =>
    setStoryfileStarters(db, request.currentUser, request.params.id, request.body.questionIds),
  );
  registerContract(app, applyScriptContract, (request) =>
    applyScript(db, request.currentUser, request.params.id, request.body.scriptId),
  );
  registerContract(app, saveStoryfileTopicsToLibraryContract, (request) =>
    saveStoryfileTopicsToLibrary(db, request.currentUser, request.params.id),
  );
}
