import { sql } from 'drizzle-orm';
import {
  CLIP_KIND_LABELS,
  type ClipKind,
  type CurrentUser,
  type StoryfileClip,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { toIsoTimestampOrNull } from '../lists/index.ts';
import { lockLiveStoryfile, touchStoryfile } from './storyfile-lock.ts';
import { storyfileClips } from './storyfiles.tables.ts';

export async function updateStoryfileClip(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
  kind: ClipKind,
  prompt: string,
): Promise<StoryfileClip> {
  const row = await db.transaction(async (tx) => {
    await lockLiveStoryfile(tx, storyfileId);
    const [saved] = await tx
      .insert(storyfileClips)
      .values({ storyfileId, kind, prompt, updatedBy: user.iam })
      .onConflictDoUpdate({
        target: [storyfileClips.storyfileId, storyfileClips.kind],
        set: { prompt, updatedBy: user.iam, updatedAt: sql`now()` },
      })
      .returning();
    await touchStoryfile(tx, storyfileId, user.iam);
    return saved!;
  });
  return {
    kind,
    label: CLIP_KIND_LABELS[kind],
    prompt: row.prompt,
    recordedAt: toIsoTimestampOrNull(row.recordedAt),
  };
}
