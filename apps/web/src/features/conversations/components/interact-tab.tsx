import type { AskResponse, ClipKind, StoryfileDetail } from '@conversa/contracts';
import { MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, getButtonClassName } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { askStoryfile } from '../api/ask-storyfile';
import { useSpeechHints } from '../api/get-speech-hints';
import {
  speechStreamUrlForStoryfile,
  transcribeForStoryfile,
  useSpeechRecognizer,
} from '../api/speech';
import {
  usePublishedStoryNumber,
  usePublishedStoryPlaces,
  usePublishedStorySource,
} from '../api/get-story-status';
import { useStoryfileClips } from '../api/list-storyfile-clips';
import { rateExchange } from '../api/rate-exchange';
import { AnswerExplanation } from './answer-explanation';
import { getStarterIdeas } from '../utils/starter-ideas';
import { findStoryLinesWithoutVideo } from '../utils/story-lines-without-video';
import { ConversationPlayer } from './conversation-player';
import { StoryLinesWithoutVideo } from './story-lines-without-video';

function NothingRecorded({ storyfileId }: { storyfileId: string }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-slate-200 bg-white px-6 py-14 text-center shadow-sm">
      <MessagesSquare className="size-10 text-brand-500" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">Nothing to talk to yet</h2>
      <p className="mt-1 max-w-xl text-sm text-slate-600">
        Record an answer to at least one question, or the idle and intro clips, and ask your
        storyfile here as a visitor would.
      </p>
      <Link
        to={`/storyfiles/${storyfileId}?tab=record`}
        className={cn(getButtonClassName('primary', 'md'), 'mt-4')}
      >
        Go to Record
      </Link>
    </div>
  );
}

/**
 * The interact tab: the same player visitors get, asking through the studio (logged as a studio
 * test), with "why this answer" beside it for the author. A published ink story plays whatever is
 * recorded (its lines without video as text, listed for the author); without one, there is
 * nothing to talk to until an answer or a clip is recorded.
 */
export function InteractTab({ storyfile }: { storyfile: StoryfileDetail }) {
  const speechHints = useSpeechHints(storyfile.id);
  const speechRecognizer = useSpeechRecognizer(storyfile.id);
  const clips = useStoryfileClips(storyfile.id);
  const publishedNumber = usePublishedStoryNumber(storyfile.id);
  const storyPlaces = usePublishedStoryPlaces(storyfile.id, publishedNumber.data ?? null);
  const storySource = usePublishedStorySource(storyfile.id, publishedNumber.data ?? null);
  const [lastResult, setLastResult] = useState<AskResponse | null>(null);

  if (clips.isPending || publishedNumber.isPending) {
    return (
      <div className="grid place-items-center py-16 text-slate-600">
        <Spinner label="Loading the storyfile's videos" />
      </div>
    );
  }
  if (clips.isError) {
    return (
      <div className="space-y-3">
        <Alert kind="error">{clips.error.message}</Alert>
        <Button size="sm" onClick={() => void clips.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { idle, intro, cannotAnswer, pleaseRepeat, answerCount } = clips.data;
  const hasAnyClip = [idle, intro, cannotAnswer, pleaseRepeat].some((clip) => clip !== null);
  const hasStory = typeof publishedNumber.data === 'number';
  if (answerCount === 0 && !hasAnyClip && !hasStory) {
    return <NothingRecorded storyfileId={storyfile.id} />;
  }
  const recordedClips = new Set(
    (Object.entries({ idle, intro, cannotAnswer, pleaseRepeat }) as [ClipKind, unknown][])
      .filter(([, clip]) => clip !== null)
      .map(([kind]) => kind),
  );
  const linesWithoutVideo =
    storySource.data === undefined
      ? []
      : findStoryLinesWithoutVideo(storySource.data, storyfile.topics, recordedClips);

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-5">
      <section aria-labelledby="interact-player-heading" className="space-y-3 lg:col-span-3">
        <div>
          <h2 id="interact-player-heading" className="text-lg font-semibold text-slate-900">
            Talk to {storyfile.name}
          </h2>
          <p className="text-sm text-slate-600">
            Ask as a visitor would, by typing or by voice. Only questions with a recorded answer can
            be answered.
          </p>
        </div>
        {answerCount === 0 && !hasStory ? (
          <Alert kind="warning">
            No answers are recorded yet, so every question gets a fallback clip.
          </Alert>
        ) : null}
        {hasStory ? <StoryLinesWithoutVideo lines={linesWithoutVideo} /> : null}
        <ConversationPlayer<AskResponse>
          name={storyfile.name}
          language={storyfile.language}
          clips={{
            idle,
            intro,
            introText: storyfile.clips.find((clip) => clip.kind === 'intro')?.prompt ?? '',
          }}
          starters={getStarterIdeas(storyfile)}
          ask={(input) => askStoryfile(storyfile.id, input)}
          onAnswer={setLastResult}
          rate={rateExchange}
          hasStory={hasStory}
          storyPlaces={storyPlaces.data ?? []}
          resumeKey={`conversa-conversation:studio:${storyfile.id}`}
          speechHints={speechHints}
          speechRecognizer={speechRecognizer}
          transcribeSpeech={(recording, signal) =>
            transcribeForStoryfile(storyfile.id, recording, signal)
          }
          speechStreamUrl={() => speechStreamUrlForStoryfile(storyfile.id)}
        />
      </section>
      <section
        aria-labelledby="why-this-answer-heading"
        className="h-fit space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-2"
      >
        <h2 id="why-this-answer-heading" className="text-base font-semibold text-slate-900">
          Why this answer
        </h2>
        <AnswerExplanation storyfileId={storyfile.id} result={lastResult} />
      </section>
    </div>
  );
}
