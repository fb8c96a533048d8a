import type { FastifyInstance } from 'fastify';
import {
  askStoryfileContract,
  getMatchingSettingsContract,
  updateMatchingSettingsContract,
  type ChatChannel,
} from '@conversa/contracts';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { registerContract } from '../../http/gateway.ts';
import { createSharedMediaUrlSigner } from '../media/media.routes.ts';
import {
  ASK_MEDIA_URL_TTL_SECONDS,
  askStoryfile,
  getMatchingSettings,
  updateMatchingSettings,
  type ConversationEngine,
} from './conversations.service.ts';
import { createMatcherCache } from './matcher-cache.ts';

/** The matcher cache and the media URL signer that asks, transcripts and the public player share. */
export async function createConversationEngine(
  db: Database,
  config: Config,
): Promise<ConversationEngine> {
  const signer = await createSharedMediaUrlSigner(
    db,
    Math.min(config.media.urlTtlSeconds, ASK_MEDIA_URL_TTL_SECONDS),
  );
  return { db, signer, matchers: createMatcherCache() };
}

/** The studio's ask: the author's test player (cookie) or an API client (bearer token). */
export function registerConversationRoutes(app: FastifyInstance, engine: ConversationEngine): void {
  registerContract(app, askStoryfileContract, async (request) => {
    const user = request.currentUser;
    const channel: ChatChannel = request.headers.authorization ? 'api' : 'studio';
    const outcome = await askStoryfile(engine, {
      storyfileId: request.params.id,
      channel,
      visitorKey: `user:${user.iam}`,
      text: request.body.text,
      inputMode: request.body.inputMode,
      conversationId: request.body.conversationId,
    });
    return { ...outcome, channel };
  });
  registerContract(app, getMatchingSettingsContract, async (request) =>
    getMatchingSettings(engine.db, request.params.id),
  );
  registerContract(app, updateMatchingSettingsContract, async (request) =>
    updateMatchingSettings(engine.db, request.params.id, request.body.threshold),
  );
}
