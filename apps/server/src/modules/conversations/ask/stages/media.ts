import {
  CANNOT_ANSWER_MESSAGE,
  CLARIFY_MESSAGE,
  PLEASE_REPEAT_MESSAGE,
  type AskDecision,
  type AskMedia,
  type ClipKind,
  type FallbackReason,
  type StoryLine,
} from '@conversa/contracts';
import type { InkLineClip } from '../../../ink/index.ts';
import { getClipPrompt } from '../../../storyfiles/index.ts';
import { readVisitorWords } from '../../../transcripts/index.ts';
import type { ConversationEngine } from '../../engine.ts';
import type { MatchableAnswer } from '../../storyfile-matcher.ts';
import { signAssetMedia, signStoryfileClips } from '../../media-signing.ts';
import type { AskedQuestion, Clarified, Played } from '../ask-values.ts';

/** Fallbacks that ask the visitor to say it again: nothing (well enough) heard. */
const PLEASE_REPEAT_REASONS: ReadonlySet<FallbackReason> = new Set([
  'empty',
  'unintelligible',
  'not-confident',
  'readings-disagree',
]);

/** What plays, and nothing else: the media of one ask and its story's lines. */
type Media = Pick<Played, 'media' | 'message'>;

/**
 * The ask's media, signed for the asker: a taken story choice's lines (the first clip is the
 * answer's `media`; a runtime error plays the cannot-answer clip); else the answer's video, the
 * please-repeat or cannot-answer clip, or instead of a clip that is not recorded the text the
 * author wrote for it, or the spec's message. Asking back is not giving up: no cannot-answer clip
 * before "Did you mean…?". The story's opening lines are signed with their clips.
 */
export async function signMedia(engine: ConversationEngine, value: Clarified): Promise<Played> {
  if (value.path === 'story') {
    const { taken } = value;
    if (taken.errors.length > 0) {
      const clips = await signClips(engine, value, ['cannotAnswer']);
      const media = clips.cannotAnswer;
      return { ...value, media, message: media ? null : CANNOT_ANSWER_MESSAGE, lines: [] };
    }
    const lines = await signStoryLines(engine, value, [
      ...value.story.session.opening,
      ...taken.lines,
    ]);
    const media = lines.find((line) => line.media)?.media ?? null;
    const message = media
      ? null
      : lines
          .map((line) => line.text)
          .filter(Boolean)
          .join(' ') || null;
    return { ...value, media, message, lines };
  }
  const { session } = value.story;
  const lines = session ? await signStoryLines(engine, value, session.opening) : [];
  if (value.path === 'start') {
    return { ...value, media: null, message: null, lines };
  }
  const { answered } = value;
  const played: Media =
    value.clarification.clarification === 'did-you-mean' && !answered
      ? { media: null, message: CLARIFY_MESSAGE }
      : await pickMedia(engine, value, value.decision, answered);
  return { ...value, ...played, lines };
}

/**
 * What plays: the answer's video; else the please-repeat clip (empty or unintelligible input) or
 * the cannot-answer clip, and instead of a clip that is not recorded the text the author wrote for
 * it, or the spec's message.
 */
async function pickMedia(
  engine: ConversationEngine,
  asked: AskedQuestion,
  decision: AskDecision,
  answered: MatchableAnswer | undefined,
): Promise<Media> {
  if (answered?.assetId) {
    const asset = { id: answered.assetId, files: answered.files };
    const words = await readVisitorWords(engine.db, [asset.id]);
    return {
      media: signAssetMedia(engine.signer, asset, asked.input.visitorKey, words.get(asset.id)),
      message: null,
    };
  }
  const clipKind: ClipKind =
    decision.kind === 'fallback' && PLEASE_REPEAT_REASONS.has(decision.reason)
      ? 'pleaseRepeat'
      : 'cannotAnswer';
  const media = (await signClips(engine, asked, [clipKind]))[clipKind];
  if (media) {
    return { media, message: null };
  }
  // The author's own words for the clip when they wrote some; the studio's sentence otherwise.
  const prompt = await getClipPrompt(engine.db, asked.input.storyfileId, clipKind);
  return {
    media: null,
    message:
      prompt !== ''
        ? prompt
        : clipKind === 'cannotAnswer'
          ? CANNOT_ANSWER_MESSAGE
          : PLEASE_REPEAT_MESSAGE,
  };
}

function signClips<Kind extends ClipKind>(
  engine: ConversationEngine,
  { input }: AskedQuestion,
  kinds: readonly Kind[],
): Promise<Record<Kind, AskMedia | null>> {
  return signStoryfileClips(engine, input.storyfileId, kinds, input.visitorKey);
}

/** Signs the videos a story's lines name; a line whose video is missing gets null (text shown). */
async function signStoryLines(
  engine: ConversationEngine,
  { input, entry: { answers } }: AskedQuestion,
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
