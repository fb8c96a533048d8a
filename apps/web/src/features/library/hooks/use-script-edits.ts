import { useQueryClient } from '@tanstack/react-query';
import type { LibraryQuestion, ScriptDetail, TopicDetail } from '@conversa/contracts';
import { useToast } from '@/components/ui/toast';
import { getScriptQueryOptions } from '../api/get-script';
import { getTopicQueryOptions } from '../api/get-topic';
import { reorderScriptQuestions } from '../api/reorder-script-questions';
import { reorderScriptTopics } from '../api/reorder-script-topics';
import { replaceScriptContent } from '../api/replace-script-content';
import type { QuestionPlace } from '../utils/builder-drops';
import {
  appendEmptyTopic,
  hasScriptQuestion,
  insertLibraryTopic,
  moveScriptQuestion,
  moveScriptTopic,
  placeLibraryQuestion,
  removeScriptQuestion,
  removeScriptTopic,
  renameScriptTopic,
  toScriptContent,
} from '../utils/script-content';
import { useScriptSaver } from './use-script-saver';

/**
 * The Script Builder's edits of one script, each saved optimistically through useScriptSaver.
 * Every edit starts from the cached script, not from the rendered one: a drop can arrive before
 * React has rendered the answer of the previous save.
 */
export function useScriptEdits(script: ScriptDetail) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const { save, isSaving } = useScriptSaver(script.id);

  function getCurrent(): ScriptDetail {
    return queryClient.getQueryData(getScriptQueryOptions(script.id).queryKey) ?? script;
  }

  function saveContent(next: ScriptDetail): Promise<boolean> {
    return save(next, () => replaceScriptContent(next.id, toScriptContent(next)));
  }

  /** Adds a library topic with all its questions; at the end unless `index` says where. */
  async function addLibraryTopic(topicId: string, index?: number): Promise<void> {
    const base = getCurrent();
    let topic: TopicDetail;
    try {
      topic = await queryClient.fetchQuery(getTopicQueryOptions(topicId));
    } catch (error) {
      showToast({ kind: 'error', message: (error as Error).message });
      return;
    }
    await saveContent(insertLibraryTopic(base, topic, index ?? base.topics.length));
  }

  /** Adds a library question (see placeLibraryQuestion for where); a duplicate only warns. */
  async function addLibraryQuestion(
    question: LibraryQuestion,
    destination?: QuestionPlace,
  ): Promise<void> {
    const base = getCurrent();
    if (hasScriptQuestion(base, question)) {
      showToast({ kind: 'warning', message: `The script already has "${question.text}".` });
      return;
    }
    await saveContent(placeLibraryQuestion(base, question, destination));
  }

  function moveTopic(from: number, to: number): Promise<boolean> {
    const next = moveScriptTopic(getCurrent(), from, to);
    return save(next, () =>
      reorderScriptTopics(
        next.id,
        next.topics.map((topic) => topic.id),
      ),
    );
  }

  /** Within one topic the move is a reorder call; across topics the whole content is saved. */
  function moveQuestion(source: QuestionPlace, destination: QuestionPlace): Promise<boolean> {
    const next = moveScriptQuestion(getCurrent(), source, destination);
    if (source.topicId !== destination.topicId) {
      return saveContent(next);
    }
    const topic = next.topics.find((item) => item.id === destination.topicId);
    return save(next, () =>
      reorderScriptQuestions(
        next.id,
        destination.topicId,
        topic?.questions.map((item) => item.id) ?? [],
      ),
    );
  }

  return {
    isSaving,
    addLibraryTopic,
    addLibraryQuestion,
    moveTopic,
    moveQuestion,
    addTopic: (name: string) => saveContent(appendEmptyTopic(getCurrent(), name)),
    renameTopic: (topicId: string, name: string) =>
      saveContent(renameScriptTopic(getCurrent(), topicId, name)),
    removeTopic: (topicId: string) => saveContent(removeScriptTopic(getCurrent(), topicId)),
    removeQuestion: (topicId: string, questionId: string) =>
      saveContent(removeScriptQuestion(getCurrent(), topicId, questionId)),
  };
}

export type ScriptEdits = ReturnType<typeof useScriptEdits>;
