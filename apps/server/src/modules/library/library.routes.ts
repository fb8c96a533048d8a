import type { FastifyInstance } from 'fastify';
import {
  checkScriptNameContract,
  checkTopicNameContract,
  createLibraryQuestionContract,
  createScriptContract,
  createTopicContract,
  deleteLibraryQuestionContract,
  deleteScriptContract,
  deleteTopicContract,
  duplicateScriptContract,
  getLibraryQuestionContract,
  getScriptContract,
  getTopicContract,
  listLibraryQuestionsContract,
  listScriptsContract,
  listTopicsContract,
  reorderScriptQuestionsContract,
  reorderScriptTopicsContract,
  reorderTopicQuestionsContract,
  replaceScriptContentContract,
  restoreLibraryQuestionContract,
  restoreScriptContract,
  restoreTopicContract,
  updateLibraryQuestionContract,
  updateScriptContract,
  updateTopicContract,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { registerContract } from '../../http/gateway.ts';
import {
  createLibraryQuestion,
  deleteLibraryQuestion,
  getLibraryQuestionFor,
  listLibraryQuestions,
  restoreLibraryQuestion,
  updateLibraryQuestion,
} from './questions.service.ts';
import { duplicateScript } from './duplicate-script.service.ts';
import { getScriptDetailFor } from './script-detail.ts';
import { isScriptNameUnique, listScripts } from './script-lists.service.ts';
import { reorderScriptQuestions, reorderScriptTopics } from './script-order.service.ts';
import {
  createScript,
  deleteScript,
  replaceScriptContent,
  restoreScript,
  updateScript,
} from './scripts.service.ts';
import { SHIPPED_TEMPLATES } from './templates/index.ts';
import { seedShippedTemplates } from './templates/seed-templates.ts';
import {
  createTopic,
  deleteTopic,
  findTopicFor,
  getTopicDetail,
  isTopicNameUnique,
  listTopics,
  reorderTopicQuestions,
  restoreTopic,
  updateTopic,
} from './topics.service.ts';

/**
 * The question library (topics, questions) and scripts. The declared role is checked against any
 * namespace by the gateway; services then check it in the item's own namespace.
 */
export function registerLibraryRoutes(app: FastifyInstance, options: { db: Database }): void {
  const { db } = options;
  app.addHook('onReady', async () => {
    await seedShippedTemplates(db, SHIPPED_TEMPLATES);
  });

  registerContract(app, listTopicsContract, (request) =>
    listTopics(db, request.currentUser, request.query),
  );
  registerContract(app, checkTopicNameContract, async (request) => ({
    unique: await isTopicNameUnique(db, request.currentUser, request.query),
  }));
  registerContract(app, createTopicContract, (request) =>
    createTopic(db, request.currentUser, request.body),
  );
  registerContract(app, getTopicContract, async (request) => {
    await findTopicFor(db, request.currentUser, request.params.id, 'read:ns');
    return getTopicDetail(db, request.params.id);
  });
  registerContract(app, updateTopicContract, (request) =>
    updateTopic(db, request.currentUser, request.params.id, request.body),
  );
  registerContract(app, deleteTopicContract, (request) =>
    deleteTopic(db, request.currentUser, request.params.id),
  );
  registerContract(app, restoreTopicContract, (request) =>
    restoreTopic(db, request.currentUser, request.params.id),
  );
  registerContract(app, reorderTopicQuestionsContract, (request) =>
    reorderTopicQuestions(db, request.currentUser, request.params.id, request.body.ids),
  );

  registerContract(app, listLibraryQuestionsContract, (request) =>
    listLibraryQuestions(db, request.currentUser, request.query),
  );
  registerContract(app, createLibraryQuestionContract, (request) =>
    createLibraryQuestion(db, request.currentUser, request.body),
  );
  registerContract(app, getLibraryQuestionContract, (request) =>
    getLibraryQuestionFor(db, request.currentUser, request.params.id),
  );
  registerContract(app, updateLibraryQuestionContract, (request) =>
    updateLibraryQuestion(db, request.currentUser, request.params.id, request.body),
  );
  registerContract(app, deleteLibraryQuestionContract, (request) =>
    deleteLibraryQuestion(db, request.currentUser, request.params.id),
  );
  registerContract(app, restoreLibraryQuestionContract, (request) =>
    restoreLibraryQuestion(db, request.currentUser, request.params.id),
  );

  registerContract(app, listScriptsContract, (request) =>
    listScripts(db, request.currentUser, request.query),
  );
  registerContract(app, checkScriptNameContract, async (request) => ({
    unique: await isScriptNameUnique(db, request.currentUser, request.query),
  }));
  registerContract(app, createScriptContract, (request) =>
    createScript(db, request.currentUser, request.body),
  );
  registerContract(app, getScriptContract, (request) =>
    getScriptDetailFor(db, request.currentUser, request.params.id),
  );
  registerContract(app, updateScriptContract, (request) =>
    updateScript(db, request.currentUser, request.params.id, request.body),
  );
  registerContract(app, replaceScriptContentContract, (request) =>
    replaceScriptContent(db, request.currentUser, request.params.id, request.body),
  );
  registerContract(app, deleteScriptContract, (request) =>
    deleteScript(db, request.currentUser, request.params.id),
  );
  registerContract(app, restoreScriptContract, (request) =>
    restoreScript(db, request.currentUser, request.params.id),
  );
  registerContract(app, duplicateScriptContract, (request) =>
    duplicateScript(db, request.currentUser, request.params.id, request.body),
  );
  registerContract(app, reorderScriptTopicsContract, (request) =>
    reorderScriptTopics(db, request.currentUser, request.params.id, request.body.ids),
  );
  registerContract(app, reorderScriptQuestionsContract, (request) =>
    reorderScriptQuestions(
      db,
      request.currentUser,
      request.params.id,
      request.params.topicId,
      request.body.ids,
    ),
  );
}
