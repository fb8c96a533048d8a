import {
  speechStreamUrlForActivity,
  transcribeForActivity,
  useActivitySpeechRecognizer,
} from '../api/speech';
import type { PlayerAskResult } from '../utils/player-machine';
import { ConversationPlayer } from './conversation-player';
import type { ConversationPlayerProps } from './conversation-player-props';

/**
 * The player of a student's activity: the studio's player, its spoken questions heard through the
 * activity's speech2text with the recognizer the storyfile's owner chose.
 */
export function ActivityConversationPlayer<R extends PlayerAskResult>({
  activityId,
  storyfileId,
  ...props
}: Omit<ConversationPlayerProps<R>, 'speechRecognizer' | 'transcribeSpeech' | 'speechStreamUrl'> & {
  activityId: string;
  storyfileId: string;
}) {
  const speechRecognizer = useActivitySpeechRecognizer(activityId, storyfileId);
  return (
    <ConversationPlayer<R>
      {...props}
      speechRecognizer={speechRecognizer}
      transcribeSpeech={(recording, signal) =>
        transcribeForActivity(activityId, storyfileId, recording, signal)
      }
      speechStreamUrl={() => speechStreamUrlForActivity(activityId, storyfileId)}
    />
  );
}
