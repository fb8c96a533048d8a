import { BUILDER_IDS, parseBuilderId } from './drag-ids';

/** The part of a placed drop (one with a destination index) that decides what it means. */
export interface BuilderDrop {
  draggableId: string;
  source: { droppableId: string; index: number };
  destination: { droppableId: string; index: number };
}

/** A place in one of the script's topics. */
export interface QuestionPlace {
  topicId: string;
  index: number;
}

export type TopicDropPlan =
  | { kind: 'add-library-topic'; libraryTopicId: string; index: number }
  | { kind: 'move-topic'; from: number; to: number }
  | { kind: 'ignore' };

/**
 * What a dropped topic asks for: a library topic dropped on the script is added there; a script
 * topic dropped elsewhere in the script moves. Anything else (back into the library, or onto its
 * own place) changes nothing.
 */
export function planTopicDrop({ draggableId, source, destination }: BuilderDrop): TopicDropPlan {
  if (destination.droppableId !== BUILDER_IDS.scriptTopics) {
    return { kind: 'ignore' };
  }
  if (source.droppableId === BUILDER_IDS.libraryTopics) {
    return {
      kind: 'add-library-topic',
      libraryTopicId: parseBuilderId(draggableId).id,
      index: destination.index,
    };
  }
  if (source.droppableId !== BUILDER_IDS.scriptTopics || source.index === destination.index) {
    return { kind: 'ignore' };
  }
  return { kind: 'move-topic', from: source.index, to: destination.index };
}

export type QuestionDropPlan =
  | {
      kind: 'add-library-question';
      libraryTopicId: string;
      libraryQuestionId: string;
      destination: QuestionPlace;
    }
  | { kind: 'move-question'; source: QuestionPlace; destination: QuestionPlace }
  | { kind: 'ignore' };

/**
 * What a dropped question asks for: a library question dropped into a script topic is added
 * there; a script question dropped into a script topic moves. Drops outside the script's topics
 * and drops onto the question's own place change nothing.
 */
export function planQuestionDrop({
  draggableId,
  source,
  destination,
}: BuilderDrop): QuestionDropPlan {
  const to = parseBuilderId(destination.droppableId);
  const from = parseBuilderId(source.droppableId);
  if (to.kind !== 'script-questions') {
    return { kind: 'ignore' };
  }
  const target = { topicId: to.id, index: destination.index };
  if (from.kind === 'library-questions') {
    return {
      kind: 'add-library-question',
      libraryTopicId: from.id,
      libraryQuestionId: parseBuilderId(draggableId).id,
      destination: target,
    };
  }
  if (from.kind !== 'script-questions') {
    return { kind: 'ignore' };
  }
  if (from.id === to.id && source.index === destination.index) {
    return { kind: 'ignore' };
  }
  return {
    kind: 'move-question',
    source: { topicId: from.id, index: source.index },
    destination: target,
  };
}
