// The event loop's own matcher of a storyfile (Matching settings, Response quality) and the stored
// trained state (`matcher_trained_states`, issue 51). With scorer threads an ask never builds this
// matcher, so a storyfile's first visit to its settings built and trained it on the event loop:
// the classifier and the calibrations, seconds at 300 answers with transcripts, every other
// request waiting. Built here with what a matcher of the same snapshot trained (a thread's, or an
// earlier one's), it trains nothing; one that had to train stores what it made for the next.
import type { StoryfileMatcher } from '../storyfile-matcher.ts';
import { storedTrainingOf, type StoredTrainingDeps } from './stored-training.ts';

/**
 * Builds the entry's matcher, trained: with the stored state of its snapshot when there is one,
 * else trained and calibrated now (as its first use would) and stored. A matcher built already, or
 * an entry edited while the state was read, is left to train on first use as before.
 */
export async function settleEventLoopMatcher(
  deps: StoredTrainingDeps,
  entry: StoryfileMatcher,
): Promise<void> {
  if (entry.builtMatcher()) {
    return;
  }
  const stored = storedTrainingOf(deps, entry);
  const { snapshot, trained } = await stored.load();
  if (entry.builtMatcher() || entry.version !== snapshot.version) {
    return;
  }
  const { matcher } = entry;
  if (trained && matcher.importTrained(trained)) {
    return;
  }
  // The decision's report calibrates both the threshold and the play-or-ask-back point.
  matcher.getDecisionReport();
  await stored.store(matcher.exportTrained());
}
