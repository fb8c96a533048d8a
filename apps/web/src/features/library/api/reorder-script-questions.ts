import { reorderScriptQuestionsContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';

/** Puts the questions of one script topic in the given order (every question id, once). */
export function reorderScriptQuestions(id: string, topicId: string, ids: string[]) {
  return callContract(reorderScriptQuestionsContract, { params: { id, topicId }, body: { ids } });
}
