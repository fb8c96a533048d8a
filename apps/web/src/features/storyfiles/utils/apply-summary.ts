import type { ApplyScriptResponse } from '@conversa/contracts';
import { formatCount, selectPlural } from '@/lib/format';

/** The toast after applying a script: what was merged in and what the storyfile already had. */
export function formatApplySummary(scriptName: string, result: ApplyScriptResponse): string {
  const added = `Applied "${scriptName}": added ${formatCount(result.addedTopics, 'topic')} and ${formatCount(result.addedQuestions, 'question')}`;
  return result.skippedQuestions === 0
    ? `${added}.`
    : `${added}; ${formatCount(result.skippedQuestions, 'question')} already in the storyfile ${selectPlural(result.skippedQuestions, 'was', 'were')} skipped.`;
}
