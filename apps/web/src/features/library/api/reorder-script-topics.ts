import { reorderScriptTopicsContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';

/** Puts a script's topics in the given order (every topic id, once). */
export function reorderScriptTopics(id: string, ids: string[]) {
  return callContract(reorderScriptTopicsContract, { params: { id }, body: { ids } });
}
