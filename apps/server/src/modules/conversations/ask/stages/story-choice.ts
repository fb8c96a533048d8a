import {
  hasInkStoryEnded,
  matchInkChoice,
  openInkSession,
  type InkSession,
} from '../../../ink/index.ts';
import { AppError } from '../../../../http/errors.ts';
import { readConversationState } from '../../conversation-state.ts';
import type { ConversationEngine } from '../../engine.ts';
import type { AskedQuestion, AskStory, StoryChosen } from '../ask-values.ts';

/**
 * The ask's story choice: with a published ink story, the story opens where the asker's
 * conversation left it; `start` only opens it; otherwise the choice the asker picked, else the open
 * choice their words fit, moves the story (its lines play, nothing is matched). Unintelligible
 * input and a pressed suggestion take no choice. A story that fails (cannot be opened, a matching
 * failure) never fails the ask: it is logged, and the matcher answers.
 */
export async function chooseStory(
  engine: ConversationEngine,
  asked: AskedQuestion,
): Promise<StoryChosen> {
  const { input } = asked;
  const story = await openStory(engine, asked);
  if (input.start) {
    return { ...asked, path: 'start', story };
  }
  const { session } = story;
  const choiceIndex =
    session && !asked.isUnintelligible && !input.suggestion
      ? await findStoryChoice(engine, asked, session)
      : undefined;
  if (session && choiceIndex !== undefined) {
    const taken = session.choose(choiceIndex);
    if (taken.errors.length > 0) {
      // The story stays where it was; the media stage plays the cannot-answer clip.
      engine.logger?.warn(
        { storyfileId: input.storyfileId, errors: taken.errors },
        'ink story runtime error: the cannot-answer clip plays',
      );
    }
    const { answers } = asked.entry;
    const answerLine = taken.lines.find(
      (line) => line.clip?.kind === 'answer' && answers.get(line.clip.questionId)?.assetId,
    );
    const answered =
      answerLine?.clip?.kind === 'answer' ? answers.get(answerLine.clip.questionId) : undefined;
    return { ...asked, path: 'story', story: { ...story, session }, taken, answered };
  }
  return { ...asked, path: 'matcher', story };
}

/**
 * Opens the published story (none: no read of the story or of the state) in the asker's saved
 * state. A story that cannot be opened is logged and the ask goes on without it.
 */
async function openStory(engine: ConversationEngine, asked: AskedQuestion): Promise<AskStory> {
  const { input } = asked;
  const publishedVersionId = input.isFreeQuestionsOnly ? null : asked.entry.publishedInkVersionId;
  let session: InkSession | null = null;
  let isNewConversation = input.start === true && input.startPath !== undefined;
  try {
    if (publishedVersionId !== null) {
      const saved = await readConversationState(engine.db, input);
      isNewConversation ||= input.start === true && hasInkStoryEnded(saved?.ink);
      session = await openInkSession(
        engine.db,
        input.storyfileId,
        isNewConversation ? null : saved?.ink,
        { startPath: input.start ? input.startPath : undefined, publishedVersionId },
      );
    }
  } catch (error) {
    // A knot the story lacks is the asker's mistake (400), not the story's.
    if (error instanceof AppError) {
      throw error;
    }
    engine.logger?.warn(
      { err: error, storyfileId: input.storyfileId },
      'ink story could not be opened',
    );
  }
  if (session?.notice) {
    engine.logger?.warn(
      { storyfileId: input.storyfileId, notice: session.notice },
      'ink story restarted',
    );
  }
  return { session, isNewConversation };
}

/**
 * The open choice the asker takes: the one they picked, else the one their words fit. A matching
 * failure is logged and leaves the story where it is.
 */
async function findStoryChoice(
  engine: ConversationEngine,
  { input, text }: AskedQuestion,
  session: InkSession,
): Promise<number | undefined> {
  try {
    return (
      input.choiceIndex ?? matchInkChoice(text, await session.getMatchableChoices(engine.db))?.index
    );
  } catch (error) {
    engine.logger?.warn(
      { err: error, storyfileId: input.storyfileId },
      'ink choice matching failed',
    );
    return undefined;
  }
}
