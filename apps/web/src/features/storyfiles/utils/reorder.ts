import type { StoryfileDetail, StoryfileStarter } from '@conversa/contracts';

/** A copy of the list with the item at `from` moved to `to` (both zero-based, clamped). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) {
    return next;
  }
  const [moved] = next.splice(from, 1) as [T];
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

function renumber<T extends { position: number }>(items: readonly T[]): T[] {
  return items.map((item, position) => ({ ...item, position }));
}

/** The storyfile with its topics in the order of `topicIds` (unknown ids ignored). */
export function orderTopics(
  storyfile: StoryfileDetail,
  topicIds: readonly string[],
): StoryfileDetail {
  const byId = new Map(storyfile.topics.map((topic) => [topic.id, topic]));
  const topics = topicIds.flatMap((id) => byId.get(id) ?? []);
  return topics.length === storyfile.topics.length
    ? { ...storyfile, topics: renumber(topics) }
    : storyfile;
}

/** The storyfile with one topic's questions in the order of `questionIds`. */
export function orderQuestions(
  storyfile: StoryfileDetail,
  topicId: string,
  questionIds: readonly string[],
): StoryfileDetail {
  return {
    ...storyfile,
    topics: storyfile.topics.map((topic) => {
      if (topic.id !== topicId) {
        return topic;
      }
      const byId = new Map(topic.questions.map((question) => [question.id, question]));
      const questions = questionIds.flatMap((id) => byId.get(id) ?? []);
      return questions.length === topic.questions.length
        ? { ...topic, questions: renumber(questions) }
        : topic;
    }),
  };
}

/** The storyfile with a question moved to `index` of a topic (the same or another one). */
export function moveQuestion(
  storyfile: StoryfileDetail,
  questionId: string,
  topicId: string,
  index: number,
): StoryfileDetail {
  const question = storyfile.topics
    .flatMap((topic) => topic.questions)
    .find((candidate) => candidate.id === questionId);
  if (question === undefined || !storyfile.topics.some((topic) => topic.id === topicId)) {
    return storyfile;
  }
  const topics = storyfile.topics.map((topic) => ({
    ...topic,
    questions: topic.questions.filter((candidate) => candidate.id !== questionId),
  }));
  return {
    ...storyfile,
    topics: topics.map((topic) => {
      if (topic.id !== topicId) {
        return { ...topic, questions: renumber(topic.questions) };
      }
      const questions = [...topic.questions];
      questions.splice(Math.min(index, questions.length), 0, { ...question, topicId });
      return { ...topic, questions: renumber(questions) };
    }),
  };
}

/** The storyfile with the starters in the order of `questionIds`, texts taken from the checklist. */
export function orderStarters(
  storyfile: StoryfileDetail,
  questionIds: readonly string[],
): StoryfileDetail {
  const questions = new Map(
    storyfile.topics.flatMap((topic) => topic.questions.map((question) => [question.id, question])),
  );
  const starters: StoryfileStarter[] = questionIds.flatMap((questionId, position) => {
    const question = questions.get(questionId);
    return question === undefined
      ? []
      : [{ questionId, topicId: question.topicId, text: question.text, position }];
  });
  return { ...storyfile, starters };
}
