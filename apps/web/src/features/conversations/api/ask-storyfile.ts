import { askStoryfileContract, type AskBody } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';

/** The studio's ask: what to play and the matcher's reasoning (logged with the studio channel). */
export function askStoryfile(id: string, body: AskBody) {
  return callContract(askStoryfileContract, { params: { id }, body });
}
