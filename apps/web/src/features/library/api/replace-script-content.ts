import { replaceScriptContentContract, type ScriptContent } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';

/** Saves a script's whole content in one transaction; the builder applies the answer itself. */
export function replaceScriptContent(id: string, content: ScriptContent) {
  return callContract(replaceScriptContentContract, { params: { id }, body: content });
}
