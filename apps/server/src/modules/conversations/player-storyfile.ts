import { and, asc, eq } from 'drizzle-orm';
import type { AskMedia } from '@conversa/contracts';
import { getClipPrompt } from '../storyfiles/index.ts';
import { storyfileQuestions, storyfileStarters } from '../storyfiles/storyfiles.tables.ts';
import { findPublishedInkVersion } from '../ink/index.ts';
import { isAnswerRecorded } from '../media/index.ts';
import type { ConversationEngine } from './engine.ts';
import { signStoryfileClips } from './media-signing.ts';

/**
 * What a conversation player loads for a storyfile, whoever opens it (a public page's visitor, a
 * student): its recorded starters in order (an unrecorded one is the author's checklist), the
 * idle and intro clips signed for `grantee` (and the intro's written text, greeted with while it
 * is not recorded), and whether a published story drives it. The caller has already decided that
 * `grantee` may see it.
 */
export async function loadPlayerStoryfile(
  engine: ConversationEngine,
  storyfileId: string,
  grantee: string,
): Promise<{
  starters: { questionId: string; text: string }[];
  clips: Record<'idle' | 'intro', AskMedia | null> & { introText: string };
  hasStory: boolean;
}> {
  const [starters, clips, story, introText] = await Promise.all([
    engine.db
      .select({ questionId: storyfileQuestions.id, text: storyfileQuestions.text })
      .from(storyfileStarters)
      .innerJoin(
        storyfileQuestions,
        eq(storyfileQuestions.id, storyfileStarters.storyfileQuestionId),
      )
      .where(
        and(
          eq(storyfileStarters.storyfileId, storyfileId),
          isAnswerRecorded(storyfileQuestions.id),
        ),
      )
      .orderBy(asc(storyfileStarters.position)),
    signStoryfileClips(engine, storyfileId, ['idle', 'intro'], grantee),
    findPublishedInkVersion(engine.db, storyfileId),
    getClipPrompt(engine.db, storyfileId, 'intro'),
  ]);
  return { starters, clips: { ...clips, introText }, hasStory: story !== null };
}
