import { DEFAULT_CLIP_PROMPTS, MAX_SUGGESTIONS, type StoryfileDetail } from '@conversa/contracts';

/**
 * The questions Interact offers on Start: the author's starters, else one recorded question of
 * each topic in the script's order, as the public player's storyfile offers (issue 68 item 8: the
 * intro promises "a few ideas to start").
 */
export function getStarterIdeas(
  storyfile: Pick<StoryfileDetail, 'starters' | 'topics'>,
): { questionId: string; text: string }[] {
  if (storyfile.starters.length > 0) {
    return storyfile.starters;
  }
  return [...storyfile.topics]
    .sort((a, b) => a.position - b.position)
    .flatMap((topic) => {
      const first = [...topic.questions]
        .sort((a, b) => a.position - b.position)
        .find((question) => question.answerRecordedAt !== null);
      return first ? [{ questionId: first.id, text: first.text }] : [];
    })
    .slice(0, MAX_SUGGESTIONS);
}

/** The intro's suggestion without its promise of ideas, for a storyfile with none to show. */
export const GREETING_WITHOUT_IDEAS = 'Hello! Thank you for visiting. Ask me anything.';

/**
 * What the player greets with on Start while the intro clip is not recorded: the intro's text,
 * except that the suggestion every storyfile starts with promises ideas, kept only when some
 * follow.
 */
export function getGreeting(introText: string | undefined, hasIdeas: boolean): string {
  const text = introText?.trim() ?? '';
  return text === DEFAULT_CLIP_PROMPTS.intro && !hasIdeas ? GREETING_WITHOUT_IDEAS : text;
}
