import { and, eq } from 'drizzle-orm';
import { DEFAULT_CLIP_PROMPTS, type ClipKind } from '@conversa/contracts';
import type { Executor } from '../lists/index.ts';
import { storyfileClips } from './storyfiles.tables.ts';

/**
 * What the author wrote for one of the storyfile's clips ('' when nothing, or when it is still the
 * suggestion every new storyfile starts with): shown instead of the studio's generic sentence while
 * the clip is not recorded (issue 44: the written cannot-answer text was ignored).
 */
export async function getClipPrompt(
  db: Executor,
  storyfileId: string,
  kind: ClipKind,
): Promise<string> {
  const [row] = await db
    .select({ prompt: storyfileClips.prompt })
    .from(storyfileClips)
    .where(and(eq(storyfileClips.storyfileId, storyfileId), eq(storyfileClips.kind, kind)));
  const prompt = row?.prompt.trim() ?? '';
  return prompt === DEFAULT_CLIP_PROMPTS[kind] ? '' : prompt;
}

/**
 * The storyfile's intro text as its players greet with it while the intro clip is not recorded:
 * what the storyfile shows on its Intro clip, the suggestion every storyfile starts with included
 * (it is a greeting, and the studio's Interact greets with it too: issue 68 item 8).
 */
export async function getIntroGreeting(db: Executor, storyfileId: string): Promise<string> {
  const [row] = await db
    .select({ prompt: storyfileClips.prompt })
    .from(storyfileClips)
    .where(and(eq(storyfileClips.storyfileId, storyfileId), eq(storyfileClips.kind, 'intro')));
  return (row?.prompt ?? DEFAULT_CLIP_PROMPTS.intro).trim();
}
