import type { ApplyScriptResponse } from '@conversa/contracts';

function count(value: number, singular: string): string {
  return `${value.toLocaleString('en-US')} ${value === 1 ? singular : `${singular}s`}`;
}

/** The toast after applying a script: what was merged in and what the storyfile already had. */
export function formatApplySummary(scriptName: string, result: ApplyScriptResponse): string {
  const added = `Applied "${scriptName}": added ${count(result.addedTopics, 'topic')} and ${count(result.addedQuestions, 'question')}`;
  return result.skippedQuestions === 0
    ? `${added}.`
    : `${added}; ${count(result.skippedQuestions, 'question')} already in the storyfile ${result.skippedQuestions === 1 ? 'was' : 'were'} skipped.`;
}
