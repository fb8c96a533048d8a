import { useQueryClient } from '@tanstack/react-query';
import { useDragHandlers } from '@/components/drag-and-drop';
import { getTopicQueryOptions } from '../api/get-topic';
import { planQuestionDrop, planTopicDrop } from '../utils/builder-drops';
import type { ScriptEdits } from './use-script-edits';

/** Registers the Script Builder's drop handlers (spec §4 drag types topic and question). */
export function useBuilderDrops(edits: ScriptEdits): void {
  const queryClient = useQueryClient();

  useDragHandlers('topic', {
    onDragEnd: (result) => {
      const plan = planTopicDrop(result);
      if (plan.kind === 'add-library-topic') {
        void edits.addLibraryTopic(plan.libraryTopicId, plan.index);
      } else if (plan.kind === 'move-topic') {
        void edits.moveTopic(plan.from, plan.to);
      }
    },
  });

  useDragHandlers('question', {
    onDragEnd: (result) => {
      const plan = planQuestionDrop(result);
      if (plan.kind === 'add-library-question') {
        // A library question can only be dragged from an open topic, so its detail is cached.
        const question = queryClient
          .getQueryData(getTopicQueryOptions(plan.libraryTopicId).queryKey)
          ?.questions.find((item) => item.id === plan.libraryQuestionId);
        if (question !== undefined) {
          void edits.addLibraryQuestion(question, plan.destination);
        }
      } else if (plan.kind === 'move-question') {
        void edits.moveQuestion(plan.source, plan.destination);
      }
    },
  });
}
