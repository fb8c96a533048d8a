import { and, asc, eq } from 'drizzle-orm';
import type { AskMedia } from '@conversa/contracts';
import { getIntroGreeting } from '../storyfiles/index.ts';
import { storyfileQuestions, storyfileStarters } from '../storyfiles/storyfiles.tables.ts';
import { findPublishedInkVersion } from '../ink/index.ts';
import { isAnswerRecorded } from '../media/index.ts';
import type { ConversationEngine } from './engine.ts';
import { signStoryfileClips } from './media-signing.ts';
import { loadScriptOrder, pickOnePerTopic } from './script-order.ts';

/**
 * What a conversation player loads for a storyfile, whoever opens it (a public page's visitor, a
 * student): its recorded starters in order (an unrecorded one is the author's checklist), or
 * without any one recorded question of each topic (the intro promises ideas to start: issue 68),
 * the idle and intro clips signed for `grantee` (and the intro's text, greeted with while it is
 * not recorded, as Interact greets), and whether a published story drives it. The caller has already decided that
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
    getIntroGreeting(engine.db, storyfileId),
  ]);
  return {
    starters:
      starters.length > 0
        ? starters
        : pickOnePerTopic(
            await loadScriptOrder(engine.db, storyfileId, { isRecordedOnly: true }),
          ).map(({ questionId, text }) => ({ questionId, text })),
    clips: { ...clips, introText },
    hasStory: story !== null,
  };
}
