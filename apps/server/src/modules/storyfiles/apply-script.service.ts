import type { ApplyScriptResponse, CurrentUser } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { applyScriptToStoryfile } from './apply-script.ts';
import { getStoryfileDetail } from './storyfile-detail.ts';
import { lockLiveStoryfile } from './storyfile-lock.ts';

export async function applyScript(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
  scriptId: string,
): Promise<ApplyScriptResponse> {
  const result = await db.transaction(async (tx) => {
    await lockLiveStoryfile(tx, storyfileId);
    return applyScriptToStoryfile(tx, user, storyfileId, scriptId);
  });
  return { ...result, storyfile: await getStoryfileDetail(db, storyfileId) };
}
