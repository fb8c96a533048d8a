import type {
  LibraryQuestion,
  ScriptContent,
  ScriptDetail,
  ScriptQuestion,
  ScriptTopic,
  TopicDetail,
} from '@conversa/contracts';

/** Ids of items the server has not saved yet; they are left out of the saved content. */
const DRAFT_ID_PREFIX = 'draft:';

let draftCounter = 0;

function createDraftId(): string {
  draftCounter += 1;
  return `${DRAFT_ID_PREFIX}${draftCounter}`;
}

export function isDraftId(id: string): boolean {
  return id.startsWith(DRAFT_ID_PREFIX);
}

function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) {
    return next;
  }
  next.splice(Math.min(Math.max(to, 0), next.length), 0, moved);
  return next;
}

function withPositions<T extends { position: number }>(items: readonly T[]): T[] {
  return items.map((item, position) => ({ ...item, position }));
}

function replaceTopics(script: ScriptDetail, topics: ScriptTopic[]): ScriptDetail {
  const ordered = withPositions(topics).map((topic) => ({
    ...topic,
    questions: withPositions(topic.questions),
  }));
  return {
    ...script,
    topics: ordered,
    topicCount: ordered.length,
    questionCount: ordered.reduce((sum, topic) => sum + topic.questions.length, 0),
  };
}

/** The script with one topic moved from one place to another. */
export function moveScriptTopic(script: ScriptDetail, from: number, to: number): ScriptDetail {
  return replaceTopics(script, moveItem(script.topics, from, to));
}

/**
 * The script with one question moved, within its topic or into another one. Unknown topics leave
 * the script as it was.
 */
export function moveScriptQuestion(
  script: ScriptDetail,
  source: { topicId: string; index: number },
  destination: { topicId: string; index: number },
): ScriptDetail {
  const from = script.topics.find((topic) => topic.id === source.topicId);
  const to = script.topics.find((topic) => topic.id === destination.topicId);
  const moved = from?.questions[source.index];
  if (from === undefined || to === undefined || moved === undefined) {
    return script;
  }
  if (from.id === to.id) {
    return replaceTopics(
      script,
      script.topics.map((topic) =>
        topic.id === from.id
          ? { ...topic, questions: moveItem(topic.questions, source.index, destination.index) }
          : topic,
      ),
    );
  }
  return replaceTopics(
    script,
    script.topics.map((topic) => {
      if (topic.id === from.id) {
        return {
          ...topic,
          questions: topic.questions.filter((_, index) => index !== source.index),
        };
      }
      if (topic.id === to.id) {
        const questions = [...topic.questions];
        questions.splice(destination.index, 0, moved);
        return { ...topic, questions };
      }
      return topic;
    }),
  );
}

function toDraftQuestion(question: Pick<LibraryQuestion, 'id' | 'text' | 'alternates'>) {
  return {
    id: createDraftId(),
    text: question.text,
    alternates: [...question.alternates],
    position: 0,
    sourceQuestionId: question.id,
  } satisfies ScriptQuestion;
}

/** The script with a library topic (and all its questions) inserted at `index`. */
export function insertLibraryTopic(
  script: ScriptDetail,
  topic: TopicDetail,
  index: number,
): ScriptDetail {
  const draft: ScriptTopic = {
    id: createDraftId(),
    name: topic.name,
    position: 0,
    sourceTopicId: topic.id,
    questions: topic.questions.map(toDraftQuestion),
  };
  const topics = [...script.topics];
  topics.splice(Math.min(Math.max(index, 0), topics.length), 0, draft);
  return replaceTopics(script, topics);
}

/** The script with a library question inserted into one of its topics at `index`. */
export function insertLibraryQuestion(
  script: ScriptDetail,
  question: Pick<LibraryQuestion, 'id' | 'text' | 'alternates'>,
  destination: { topicId: string; index: number },
): ScriptDetail {
  return replaceTopics(
    script,
    script.topics.map((topic) => {
      if (topic.id !== destination.topicId) {
        return topic;
      }
      const questions = [...topic.questions];
      questions.splice(
        Math.min(Math.max(destination.index, 0), questions.length),
        0,
        toDraftQuestion(question),
      );
      return { ...topic, questions };
    }),
  );
}

/** The script with a new, empty topic at the end; `sourceTopicId` names its library topic. */
export function appendEmptyTopic(
  script: ScriptDetail,
  name: string,
  sourceTopicId: string | null = null,
): ScriptDetail {
  return replaceTopics(script, [
    ...script.topics,
    { id: createDraftId(), name, position: 0, sourceTopicId, questions: [] },
  ]);
}

/** The script with one topic renamed. */
export function renameScriptTopic(
  script: ScriptDetail,
  topicId: string,
  name: string,
): ScriptDetail {
  return replaceTopics(
    script,
    script.topics.map((topic) => (topic.id === topicId ? { ...topic, name } : topic)),
  );
}

export function removeScriptTopic(script: ScriptDetail, topicId: string): ScriptDetail {
  return replaceTopics(
    script,
    script.topics.filter((topic) => topic.id !== topicId),
  );
}

export function removeScriptQuestion(
  script: ScriptDetail,
  topicId: string,
  questionId: string,
): ScriptDetail {
  return replaceTopics(
    script,
    script.topics.map((topic) =>
      topic.id === topicId
        ? { ...topic, questions: topic.questions.filter((question) => question.id !== questionId) }
        : topic,
    ),
  );
}

/**
 * The script with a library question added: at `destination` when it was dropped there;
 * otherwise at the end of the script topic taken from the question's library topic, or, when the
 * script has none, in a new topic named after it (remembering where it came from, so the next
 * question of that library topic joins it).
 */
export function placeLibraryQuestion(
  script: ScriptDetail,
  question: Pick<LibraryQuestion, 'id' | 'text' | 'alternates' | 'topicId' | 'topicName'>,
  destination?: { topicId: string; index: number },
): ScriptDetail {
  if (destination !== undefined) {
    return insertLibraryQuestion(script, question, destination);
  }
  const home = script.topics.find((topic) => topic.sourceTopicId === question.topicId);
  if (home !== undefined) {
    return insertLibraryQuestion(script, question, {
      topicId: home.id,
      index: home.questions.length,
    });
  }
  const withTopic = appendEmptyTopic(script, question.topicName, question.topicId);
  const added = withTopic.topics.at(-1);
  return added === undefined
    ? script
    : insertLibraryQuestion(withTopic, question, { topicId: added.id, index: 0 });
}

/** Whether a library question is already in the script (by source or by the same text). */
export function hasScriptQuestion(script: ScriptDetail, question: LibraryQuestion): boolean {
  const text = question.text.trim().toLowerCase();
  return script.topics.some((topic) =>
    topic.questions.some(
      (item) => item.sourceQuestionId === question.id || item.text.trim().toLowerCase() === text,
    ),
  );
}

/** The body of the replace-content call: saved items keep their ids, drafts go without one. */
export function toScriptContent(script: ScriptDetail): ScriptContent {
  return {
    topics: script.topics.map((topic) => ({
      ...(isDraftId(topic.id) ? {} : { id: topic.id }),
      name: topic.name,
      sourceTopicId: topic.sourceTopicId,
      questions: topic.questions.map((question) => ({
        ...(isDraftId(question.id) ? {} : { id: question.id }),
        text: question.text,
        alternates: question.alternates,
        sourceQuestionId: question.sourceQuestionId,
      })),
    })),
  };
}
