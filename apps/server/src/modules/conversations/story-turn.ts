import {
  CANNOT_ANSWER_MESSAGE,
  type AskMedia,
  type ClipKind,
  type StoryLine,
  type StoryTurn,
} from '@conversa/contracts';
import { normalizeText } from '@conversa/matching';
import {
  hasInkStoryEnded,
  matchInkChoice,
  openInkSession,
  type InkLineClip,
  type InkSession,
} from '../ink/index.ts';
import { AppError } from '../../http/errors.ts';
import { readVisitorWords } from '../transcripts/index.ts';
import { noClarification, type AskInput, type AskOutcome } from './ask.types.ts';
import type { ConversationEngine } from './engine.ts';
import { recordExchange, type OnRecorded } from './exchange.ts';
import { openConversation, readConversationState, saveInkState } from './conversation-state.ts';
import type { StoryfileMatcher } from './matcher-cache.ts';

/** The storyfile's answers by question id, as its matcher holds them. */
type Answers = StoryfileMatcher['answers'];
import { signAssetMedia, signStoryfileClips } from './media-signing.ts';

/** Signs the videos a story's lines name; a line whose video is missing gets null (text shown). */
export async function signStoryLines(
  engine: ConversationEngine,
  input: AskInput,
  answers: Answers,
  lines: readonly InkLineClip[],
): Promise<StoryLine[]> {
  const clipKinds = [
    ...new Set(lines.flatMap((line) => (line.clip?.kind === 'clip' ? [line.clip.clip] : []))),
  ];
  const clips = clipKinds.length
    ? await signStoryfileClips(engine, input.storyfileId, clipKinds, input.visitorKey)
    : ({} as Partial<Record<ClipKind, AskMedia | null>>);
  const words = await readVisitorWords(
    engine.db,
    lines.flatMap((line) =>
      line.clip?.kind === 'answer' ? [answers.get(line.clip.questionId)?.assetId ?? ''] : [],
    ),
  );
  return lines.map((line) => {
    if (line.clip?.kind === 'answer') {
      const answer = answers.get(line.clip.questionId);
      return {
        text: line.text || (answer?.text ?? ''),
        media: answer?.assetId
          ? signAssetMedia(
              engine.signer,
              { id: answer.assetId, files: answer.files },
              input.visitorKey,
              words.get(answer.assetId),
            )
          : null,
      };
    }
    return { text: line.text, media: line.clip ? (clips[line.clip.clip] ?? null) : null };
  });
}

export function toStoryTurn(
  session: InkSession,
  turn: StoryTurn['turn'],
  choiceText: string | null,
  lines: StoryLine[],
): StoryTurn {
  const choices = session.getChoices();
  return {
    versionNumber: session.versionNumber,
    turn,
    choiceText,
    lines,
    choices: choices.map(({ index, text }) => ({ index, text })),
    hasEnded: choices.length === 0 && session.toSaved().hasEnded,
    notice: session.notice,
  };
}

/**
 * The story takes a choice: its lines' videos play (the first one is the answer's `media`). A
 * runtime error leaves the story where it was and plays the cannot-answer clip; it is logged and
 * never fails the ask.
 */
export async function answerWithStory(
  engine: ConversationEngine,
  input: AskInput,
  context: {
    session: InkSession;
    answers: Answers;
    threshold: number;
    opening: StoryLine[];
    choiceIndex: number;
    /** The visitor's words after the "heard as" rules, as logged. */
    text: string;
    onRecorded: OnRecorded | undefined;
  },
): Promise<AskOutcome> {
  const { db } = engine;
  const { session, answers, threshold, opening } = context;
  const taken = session.choose(context.choiceIndex);
  let lines: StoryLine[] = [];
  let media: AskMedia | null;
  let message: string | null;
  if (taken.errors.length > 0) {
    engine.logger?.warn(
      { storyfileId: input.storyfileId, errors: taken.errors },
      'ink story runtime error: the cannot-answer clip plays',
    );
    const clips = await signStoryfileClips(
      engine,
      input.storyfileId,
      ['cannotAnswer'],
      input.visitorKey,
    );
    media = clips.cannotAnswer;
    message = media ? null : CANNOT_ANSWER_MESSAGE;
  } else {
    lines = [...opening, ...(await signStoryLines(engine, input, answers, taken.lines))];
    media = lines.find((line) => line.media)?.media ?? null;
    message = media
      ? null
      : lines
          .map((line) => line.text)
          .filter(Boolean)
          .join(' ') || null;
  }
  const answerLine = taken.lines.find(
    (line) => line.clip?.kind === 'answer' && answers.get(line.clip.questionId)?.assetId,
  );
  const answered =
    answerLine?.clip?.kind === 'answer' ? answers.get(answerLine.clip.questionId) : undefined;

  const { conversationId, exchangeId } = await recordExchange(
    engine,
    input,
    {
      questionText: context.text,
      decision: taken.errors.length > 0 ? 'fallback' : 'answered',
      fallbackReason: null,
      answerQuestionId: answered?.questionId ?? null,
      answerQuestionText: answered?.text ?? null,
      normalizedText: normalizeText(context.text),
      inkTurn: 'choice',
      inkChoiceText: taken.choiceText || null,
    },
    context.onRecorded,
  );
  engine.metrics.countAsk(taken.errors.length > 0 ? 'fallback' : 'answered', input.channel);
  await saveInkState(db, conversationId, session);
  return {
    conversationId,
    exchangeId,
    decision: { kind: 'story' },
    media,
    message,
    questionText: answered?.text ?? null,
    score: null,
    confidence: null,
    threshold,
    candidates: [],
    ...noClarification(),
    story: toStoryTurn(session, 'choice', taken.choiceText || null, lines),
  };
}

/** The asker's story, opened where their conversation left it, and its opening lines signed. */
export interface OpenedStory {
  session: InkSession | null;
  opening: StoryLine[];
  /**
   * Every new conversation starts the story from the top: Start after the story ended (a reload
   * keeps the ended conversation's id), or from a knot, opens a new conversation.
   */
  isNewConversation: boolean;
}

/**
 * Opens the published story (none: no read of the story or of the state) in the asker's saved
 * state. A story that cannot be opened is logged and the ask goes on without it.
 */
export async function openStory(
  engine: ConversationEngine,
  input: AskInput,
  publishedInkVersionId: string | null,
  answers: Answers,
): Promise<OpenedStory> {
  let session: InkSession | null = null;
  let isNewConversation = input.start === true && input.startPath !== undefined;
  try {
    if (publishedInkVersionId !== null) {
      const saved = await readConversationState(engine.db, input);
      isNewConversation ||= input.start === true && hasInkStoryEnded(saved?.ink);
      session = await openInkSession(
        engine.db,
        input.storyfileId,
        isNewConversation ? null : saved?.ink,
        {
          startPath: input.start ? input.startPath : undefined,
          publishedVersionId: publishedInkVersionId,
        },
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
  const opening = session ? await signStoryLines(engine, input, answers, session.opening) : [];
  return { session, opening, isNewConversation };
}

/** Opens the conversation (and saves its story) without asking: nothing is logged. */
export async function startConversation(
  engine: ConversationEngine,
  input: AskInput,
  { session, opening, isNewConversation }: OpenedStory,
  threshold: number,
): Promise<AskOutcome> {
  const conversationId = await openConversation(
    engine.db,
    isNewConversation ? { ...input, conversationId: undefined } : input,
  );
  if (session) {
    await saveInkState(engine.db, conversationId, session);
  }
  return {
    conversationId,
    exchangeId: null,
    decision: { kind: 'story' },
    media: null,
    message: null,
    questionText: null,
    score: null,
    confidence: null,
    threshold,
    candidates: [],
    ...noClarification(),
    story: session ? toStoryTurn(session, 'start', null, opening) : null,
  };
}

/**
 * The open choice the asker takes: the one they picked, else the one their words fit; none for
 * unintelligible input. A matching failure is logged and leaves the story where it is.
 */
export async function findStoryChoice(
  engine: ConversationEngine,
  input: AskInput,
  session: InkSession,
  text: string,
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
