import type { FastifyInstance } from 'fastify';
import {
  getInkStateContract,
  getInkStoryContract,
  getInkVersionContract,
  listInkStatesContract,
  publishInkVersionContract,
  restoreInkVersionContract,
  saveInkVersionContract,
  unpublishInkStoryContract,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { registerContract } from '../../http/gateway.ts';
import {
  getInkStory,
  getInkVersion,
  publishInkVersion,
  restoreInkVersion,
  saveInkVersion,
  unpublishInkStory,
} from './ink.service.ts';
import { getInkState, listInkStates } from './ink-states.service.ts';
import type { InkConversationSource } from './ink-conversations.ts';

/**
 * The ink story editor's calls: read to view, edit to save, restore and publish; and View Inky
 * States, which reads the saved states through `inkConversations` (conversations', handed in).
 */
export function registerInkRoutes(
  app: FastifyInstance,
  { db, inkConversations }: { db: Database; inkConversations: InkConversationSource },
): void {
  registerContract(app, getInkStoryContract, async (request) => getInkStory(db, request.params.id));
  registerContract(app, getInkVersionContract, async (request) =>
    getInkVersion(db, request.params.id, request.params.number),
  );
  registerContract(app, saveInkVersionContract, async (request) =>
    saveInkVersion(db, {
      storyfileId: request.params.id,
      source: request.body.source,
      userId: request.currentUser.iam,
    }),
  );
  registerContract(app, restoreInkVersionContract, async (request) =>
    restoreInkVersion(db, {
      storyfileId: request.params.id,
      number: request.params.number,
      userId: request.currentUser.iam,
    }),
  );
  registerContract(app, publishInkVersionContract, async (request) =>
    publishInkVersion(db, {
      storyfileId: request.params.id,
      number: request.params.number,
      userId: request.currentUser.iam,
    }),
  );
  registerContract(app, unpublishInkStoryContract, async (request) =>
    unpublishInkStory(db, request.params.id),
  );
  // View Inky States: platform admins only (the contracts' permission).
  registerContract(app, listInkStatesContract, async (request) =>
    listInkStates(db, inkConversations, request.query),
  );
  registerContract(app, getInkStateContract, async (request) =>
    getInkState(db, inkConversations, request.params.conversationId),
  );
}
