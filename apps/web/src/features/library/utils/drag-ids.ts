/**
 * Droppable and draggable ids of the library's drag areas, `<kind>:<id>`: a drop handler learns
 * from them where an item came from and what it is.
 */
export const BUILDER_IDS = {
  scriptTopics: 'script-topics',
  libraryTopics: 'library-topics',
  scriptQuestions: (topicId: string) => `script-questions:${topicId}`,
  libraryQuestions: (topicId: string) => `library-questions:${topicId}`,
  scriptTopic: (topicId: string) => `script-topic:${topicId}`,
  libraryTopic: (topicId: string) => `library-topic:${topicId}`,
  scriptQuestion: (questionId: string) => `script-question:${questionId}`,
  libraryQuestion: (questionId: string) => `library-question:${questionId}`,
} as const;

/** Splits a builder id into its kind and the item id after the first colon. */
export function parseBuilderId(value: string): { kind: string; id: string } {
  const colon = value.indexOf(':');
  return colon === -1
    ? { kind: value, id: '' }
    : { kind: value.slice(0, colon), id: value.slice(colon + 1) };
}
