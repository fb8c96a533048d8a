import type { FastifyInstance } from 'fastify';
import {
  askStoryfileContract,
  getMatchingSettingsContract,
  previewAskBackContract,
  updateAskBackContract,
  updateMatchingSettingsContract,
  type ChatChannel,
} from '@conversa/contracts';
import { readBearerToken, registerContract } from '../../http/gateway.ts';
import { askStoryfile } from './ask/ask.ts';
import type { ConversationEngine } from './engine.ts';
import {
  getMatchingSettings,
  previewAskBack,
  updateAskBack,
  updateMatchingSettings,
} from './matching-settings.ts';

/** The studio's ask: the author's test player (cookie) or an API client (bearer token). */
export function registerConversationRoutes(app: FastifyInstance, engine: ConversationEngine): void {
  registerContract(app, askStoryfileContract, async (request) => {
    const user = request.currentUser;
    const channel: ChatChannel = readBearerToken(request.headers.authorization) ? 'api' : 'studio';
    const outcome = await askStoryfile(engine, {
      storyfileId: request.params.id,
      channel,
      // A signed-in asker is told apart by their account (what they teach counts per account).
      visitorKey: `user:${user.iam}`,
      text: request.body.text,
      inputMode: request.body.inputMode,
      alternatives: request.body.alternatives,
      speechConfidence: request.body.speechConfidence,
      conversationId: request.body.conversationId,
      choiceIndex: request.body.choiceIndex,
      suggestion: request.body.suggestion,
      start: request.body.start,
      startPath: request.body.startPath,
    });
    return { ...outcome, channel };
  });
  registerContract(app, getMatchingSettingsContract, async (request) =>
    getMatchingSettings(engine, request.params.id),
  );
  registerContract(app, updateMatchingSettingsContract, async (request) =>
    updateMatchingSettings(engine, request.params.id, request.body.threshold),
  );
  registerContract(app, updateAskBackContract, async (request) =>
    updateAskBack(engine, request.params.id, request.body.playRisk),
  );
  registerContract(app, previewAskBackContract, async (request) =>
    previewAskBack(engine, request.params.id, request.body.playRisk),
  );
}
