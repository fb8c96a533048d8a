import {
  type StoryfileDetail,
  type StoryfileQuestion,
  type StoryfileTopic,
} from '@conversa/contracts';
import { TargetMedia } from './target-media';

/** The answer video of a question (the storyfile screen's `renderQuestionMedia` slot). */
export function QuestionMedia({
  storyfile,
  isEditable,
  question,
  topic,
}: {
  storyfile: StoryfileDetail;
  isEditable: boolean;
  question: StoryfileQuestion;
  topic: StoryfileTopic;
}) {
  return (
    <TargetMedia
      storyfile={storyfile}
      isEditable={isEditable}
      name={question.text}
      target={{
        kind: 'question',
        questionId: question.id,
        topicName: topic.name,
        questionText: question.text,
      }}
    />
  );
}
