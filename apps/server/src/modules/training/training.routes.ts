import type { FastifyInstance } from 'fastify';
import {
  applyReviewChangeContract,
  createCustomWordContract,
  deleteCustomWordContract,
  listCustomWordsContract,
  runTestBenchContract,
  updateCustomWordContract,
  createCategoryContract,
  deleteCategoryContract,
  listCategoriesContract,
  updateCategoryContract,
  getTrainingOverviewContract,
  listReviewActionsContract,
  listReviewAnswerOptionsContract,
  listReviewClustersContract,
  listRecordNextContract,
  listReviewItemsContract,
  previewReviewChangeContract,
  rateExchangeContract,
  listLearnedQuestionsContract,
  removeLearnedQuestionContract,
  restoreLearnedQuestionContract,
  undoReviewActionContract,
  exportCategoriesContract,
  getCoverageHistoryContract,
  getSpeechHintsContract,
  getThresholdCalibrationContract,
  importCategoriesContract,
  previewCategoryImportContract,
  listWordSuggestionsContract,
  previewCategoryChangeContract,
  previewThresholdChangeContract,
  previewWordChangeContract,
  setTrainingThresholdContract,
} from '@conversa/contracts';
import { registerContract } from '../../http/gateway.ts';
import type { MediaStore } from '../../media/media-store.ts';
import type { ConversationEngine } from '../conversations/index.ts';
import {
  createCategory,
  deleteCategory,
  listCategories,
  previewCategoryChange,
  updateCategory,
} from './categories.service.ts';
import {
  exportCategories,
  importCategories,
  previewCategoryImport,
} from './category-csv.service.ts';
import { listReviewClusters } from './clusters.service.ts';
import { listRecordNext } from './record-next.service.ts';
import {
  getCoverageHistory,
  getSpeechHints,
  getThresholdCalibration,
  listWordSuggestions,
} from './insights.service.ts';
import { getTrainingOverview } from './overview.service.ts';
import {
  createCustomWord,
  deleteCustomWord,
  listCustomWords,
  previewWordChange,
  runTestBench,
  updateCustomWord,
} from './words.service.ts';
import { listReviewAnswerOptions } from './review-answer-options.service.ts';
import { applyReviewChange } from './review-apply.service.ts';
import { listReviewActions } from './review-history.service.ts';
import { previewReviewChange } from './review-preview.service.ts';
import { undoReviewAction } from './review-undo.service.ts';
import { previewThresholdChange, setThresholdWithEffect } from './threshold-effect.service.ts';
import { listReviewItems, rateExchange } from './review-items.service.ts';
import { listLearnedQuestions, setLearnedQuestionRemoved } from './learned.service.ts';

/**
 * Training: Response quality (inbox, clusters, review changes with preview and undo), ratings,
 * categories, words. The media store, when the studio has one, lets suggestions read captions.
 */
export function registerTrainingRoutes(
  app: FastifyInstance,
  engine: ConversationEngine,
  options: { mediaStore?: MediaStore } = {},
): void {
  const { db } = engine;
  registerContract(app, listReviewItemsContract, async (request) =>
    listReviewItems(db, request.currentUser, request.query),
  );
  registerContract(app, listReviewClustersContract, async (request) =>
    listReviewClusters(engine, request.params.id),
  );
  registerContract(app, listRecordNextContract, async (request) =>
    listRecordNext(engine, request.params.id),
  );
  registerContract(app, listReviewAnswerOptionsContract, async (request) =>
    listReviewAnswerOptions(engine, request.params.id),
  );
  registerContract(app, previewReviewChangeContract, async (request) =>
    previewReviewChange(engine, request.params.id, request.body),
  );
  registerContract(app, applyReviewChangeContract, async (request) =>
    applyReviewChange(engine, request.currentUser, request.params.id, request.body),
  );
  registerContract(app, listReviewActionsContract, async (request) =>
    listReviewActions(db, request.params.id),
  );
  registerContract(app, undoReviewActionContract, async (request) =>
    undoReviewAction(engine, request.currentUser, request.params.id, request.params.actionId),
  );
  registerContract(app, getTrainingOverviewContract, async (request) =>
    getTrainingOverview(engine, request.params.id),
  );
  registerContract(app, listCategoriesContract, async (request) =>
    listCategories(db, request.currentUser, request.query),
  );
  registerContract(app, createCategoryContract, async (request) =>
    createCategory(engine, request.currentUser, request.body),
  );
  registerContract(app, updateCategoryContract, async (request) =>
    updateCategory(engine, request.currentUser, request.params.id, request.body),
  );
  registerContract(app, deleteCategoryContract, async (request) =>
    deleteCategory(engine, request.currentUser, request.params.id),
  );
  registerContract(app, previewCategoryChangeContract, async (request) =>
    previewCategoryChange(engine, request.currentUser, request.body),
  );
  registerContract(app, previewWordChangeContract, async (request) =>
    previewWordChange(engine, request.currentUser, request.body),
  );
  registerContract(app, previewThresholdChangeContract, async (request) =>
    previewThresholdChange(engine, request.params.id, request.body.threshold),
  );
  registerContract(app, setTrainingThresholdContract, async (request) =>
    setThresholdWithEffect(engine, request.params.id, request.body.threshold),
  );
  registerContract(app, listCustomWordsContract, async (request) =>
    listCustomWords(db, request.currentUser, request.query),
  );
  registerContract(app, createCustomWordContract, async (request) =>
    createCustomWord(engine, request.currentUser, request.body),
  );
  registerContract(app, updateCustomWordContract, async (request) =>
    updateCustomWord(engine, request.currentUser, request.params.id, request.body),
  );
  registerContract(app, deleteCustomWordContract, async (request) =>
    deleteCustomWord(db, request.currentUser, request.params.id),
  );
  registerContract(app, runTestBenchContract, async (request) =>
    runTestBench(engine, request.params.id, request.body),
  );
  registerContract(app, getThresholdCalibrationContract, async (request) =>
    getThresholdCalibration(engine, request.params.id),
  );
  registerContract(app, getCoverageHistoryContract, async (request) =>
    getCoverageHistory(db, request.params.id),
  );
  registerContract(app, listWordSuggestionsContract, async (request) =>
    listWordSuggestions(db, request.params.id, options.mediaStore),
  );
  registerContract(app, getSpeechHintsContract, async (request) =>
    getSpeechHints(db, request.params.id),
  );
  registerContract(app, exportCategoriesContract, async (request) =>
    exportCategories(db, request.currentUser, request.query),
  );
  registerContract(app, previewCategoryImportContract, async (request) =>
    previewCategoryImport(engine, request.currentUser, request.body),
  );
  registerContract(app, importCategoriesContract, async (request) =>
    importCategories(engine, request.currentUser, request.body),
  );
  registerContract(app, listLearnedQuestionsContract, async (request) =>
    listLearnedQuestions(engine, request.params.id),
  );
  registerContract(app, removeLearnedQuestionContract, async (request) =>
    setLearnedQuestionRemoved(
      engine,
      request.currentUser,
      request.params.id,
      request.params.labelId,
      true,
    ),
  );
  registerContract(app, restoreLearnedQuestionContract, async (request) =>
    setLearnedQuestionRemoved(
      engine,
      request.currentUser,
      request.params.id,
      request.params.labelId,
      false,
    ),
  );
  registerContract(app, rateExchangeContract, async (request) =>
    rateExchange(db, {
      exchangeId: request.params.exchangeId,
      visitorKey: `user:${request.currentUser.iam}`,
      clientKey: null,
      feedback: request.body.feedback,
    }),
  );
}
