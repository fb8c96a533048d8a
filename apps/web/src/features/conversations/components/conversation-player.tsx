import { Play, SendHorizontal, UserRound } from 'lucide-react';
import { useId } from 'react';
import { ASK_TEXT_EMPTY_MESSAGE, AUTOMATIC_CAPTIONS_LABEL } from '@conversa/contracts';
import { SpeechButton } from '@/components/speech-button';
import { SpeechStatus } from '@/components/speech-status';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { useConversationPlayer } from '../hooks/use-conversation-player';
import {
  TYPE_INSTEAD_MESSAGE,
  TYPE_ONLY_MESSAGE,
  type PlayerAskResult,
} from '../utils/player-machine';
import { CLIP_FAILED_MESSAGE, QUESTION_CUT_MESSAGE } from '../utils/player-messages';
import { getGreeting } from '../utils/starter-ideas';
import { CaptionsToggle, useCaptionsToggle } from './captions-toggle';
import type { ConversationPlayerProps } from './conversation-player-props';
import { ClarificationOffer } from './clarification-offer';
import { QuestionChips } from './question-chips';
import { StoryEnd } from './story-end';
import { StoryStartControls } from './story-start-controls';
import { TranscriptList } from './transcript-list';

/**
 * The conversation player of the studio and the public page: the idle loop waits muted; Start
 * (a gesture, so sound may play) plays the intro and offers the starters; each question, typed
 * or spoken, plays its answer or a fallback clip with sound and returns to the idle loop. A clip
 * that is not recorded shows the server's text instead. When the storyfile asks back ("Did you
 * mean…?", or topics and starters after two fallbacks in a row), its questions are buttons.
 */
export function ConversationPlayer<R extends PlayerAskResult>({
  name,
  language,
  clips,
  starters,
  ask,
  onAnswer,
  isCompact = false,
  rate,
  hasStory = false,
  resumeKey,
  speechHints,
  speechRecognizer,
  transcribeSpeech,
  speechStreamUrl,
  storyPlaces,
  transcriptLink,
}: ConversationPlayerProps<R>) {
  const { speakingRef, inputRef, storyEndRef, ...player } = useConversationPlayer({
    language,
    clips: { ...clips, introText: getGreeting(clips.introText, starters.length > 0) },
    ask,
    onAnswer,
    hasStory,
    resumeKey,
    speechHints,
    speechRecognizer,
    transcribeSpeech,
    speechStreamUrl,
  });
  const ids = { input: useId(), error: useId(), cut: useId(), transcript: useId() };

  const isStarted = player.state.phase !== 'idle';
  const isAsking = player.state.phase === 'asking';
  const idleClip = clips.idle && clips.idle.url !== player.brokenIdleUrl ? clips.idle : null;
  const speaking = player.state.speaking;
  const {
    isOn: isCaptionsOn,
    trackRef: captionsTrackRef,
    toggle: toggleCaptions,
  } = useCaptionsToggle(speaking?.clip.captionsUrl);
  // After two fallbacks the offer lists the starters as buttons: the chips leave out the ones it
  // shows, so no question is listed twice (issue 54, item 5).
  const offeredIds = new Set(player.state.offer?.suggestions.map(({ questionId }) => questionId));
  const startersNotOffered = starters.filter(({ questionId }) => !offeredIds.has(questionId));
  const storyChoices = player.state.storyChoices;
  const isShowingStarters =
    isStarted &&
    player.state.phase !== 'intro' &&
    storyChoices === null &&
    startersNotOffered.length > 0;
  // "Choose one below" only when something below can be pressed (issue 68 item 4).
  const hasChoices =
    player.state.offer !== null || isShowingStarters || (storyChoices?.length ?? 0) > 0;

  return (
    <div className={cn('flex flex-col', isCompact ? 'min-h-0 flex-1 gap-3' : 'gap-4')}>
      {/* The picture has a size of its own: in the embed it once took what the transcript left
          (flex-1), so each exchange shrank it, to nothing after four in a 640×480 iframe. There
          it keeps 16:9 up to 55% of the frame's height; the transcript takes the rest and
          scrolls. */}
      <div
        className={cn(
          'relative aspect-video w-full shrink-0 overflow-hidden bg-slate-900',
          isCompact ? 'max-h-[55vh] rounded-lg' : 'rounded-xl shadow-sm',
        )}
      >
        {idleClip ? (
          <video
            key={idleClip.url}
            aria-label={`${name}, listening`}
            className="absolute inset-0 size-full object-contain"
            src={idleClip.url}
            poster={idleClip.posterUrl}
            muted
            loop
            autoPlay
            playsInline
            onError={() => player.markIdleBroken(idleClip.url)}
          />
        ) : (
          <div className="absolute inset-0 grid place-items-center text-slate-400">
            <div className="flex max-w-full flex-col items-center gap-2 px-4">
              <UserRound className="size-16" aria-hidden="true" />
              {/* Under the Start button the page's heading names the storyfile already. */}
              {isStarted ? (
                <span className="line-clamp-2 text-center text-sm [overflow-wrap:anywhere]">
                  {name}
                </span>
              ) : null}
            </div>
          </div>
        )}
        {speaking ? (
          <video
            key={speaking.clip.url}
            ref={speakingRef}
            aria-label={`${name}, speaking`}
            data-clip-kind={speaking.kind}
            // Focusable from script only: a pressed suggestion hands focus to its answer.
            tabIndex={-1}
            className="absolute inset-0 size-full bg-slate-900 object-contain"
            src={speaking.clip.url}
            poster={speaking.clip.posterUrl}
            playsInline
            onEnded={() => player.dispatch({ type: 'clipEnded' })}
            onError={() => player.dispatch({ type: 'clipFailed', message: CLIP_FAILED_MESSAGE })}
          >
            {/* Shown by default: an answer may be watched muted, and captions are what it says. */}
            {speaking.clip.captionsUrl ? (
              <track
                ref={captionsTrackRef}
                kind="captions"
                label={speaking.clip.areCaptionsAutomatic ? AUTOMATIC_CAPTIONS_LABEL : 'Captions'}
                src={speaking.clip.captionsUrl}
                srcLang={language}
                default={isCaptionsOn}
              />
            ) : null}
          </video>
        ) : null}
        {isStarted ? (
          <CaptionsToggle
            isOn={isCaptionsOn}
            isAutomatic={speaking?.clip.areCaptionsAutomatic === true}
            onToggle={toggleCaptions}
          />
        ) : null}
        {player.state.message ? (
          <p
            role="status"
            className="absolute inset-x-4 bottom-4 rounded-lg bg-black/75 px-4 py-3 text-center text-base text-white"
          >
            {player.state.message}
          </p>
        ) : null}
        {isAsking ? (
          <div className="absolute top-3 right-3 flex items-center gap-2 rounded-full bg-black/60 px-3 py-1.5 text-sm text-white">
            <Spinner label="Finding the answer" /> Thinking…
          </div>
        ) : null}
        {player.isPlayBlocked && speaking ? (
          <div className="absolute inset-0 grid place-items-center bg-black/40">
            <Button
              variant="primary"
              icon={<Play className="size-4" aria-hidden="true" />}
              onClick={player.playBlockedAnswer}
            >
              Play the answer
            </Button>
          </div>
        ) : null}
        {isStarted ? null : (
          <div className="absolute inset-0 grid place-items-center bg-black/30">
            <Button
              variant="primary"
              className="h-12 px-6 text-base"
              icon={<Play className="size-5" aria-hidden="true" />}
              onClick={player.start}
            >
              Start the conversation
            </Button>
          </div>
        )}
      </div>

      {hasStory && storyPlaces ? (
        <StoryStartControls
          places={storyPlaces}
          isStarted={isStarted}
          isBusy={isAsking || player.isRestarting}
          problem={player.restartProblem}
          onStart={(startPath) => void player.restartStory(startPath)}
        />
      ) : null}
      {player.state.storyNotice ? (
        <p role="status" className="text-sm text-amber-800">
          {player.state.storyNotice}
        </p>
      ) : null}
      {player.state.hasStoryEnded ? (
        <StoryEnd
          // The author's controls above restart the story already.
          canRestart={storyPlaces === undefined}
          isBusy={isAsking || player.isRestarting}
          problem={player.restartProblem}
          restartRef={storyEndRef}
          onRestart={() => void player.restartStory()}
        />
      ) : null}
      {player.state.storyChoices !== null && player.state.storyChoices.length > 0 ? (
        <QuestionChips
          label="Suggested questions"
          questions={player.state.storyChoices.map((choice) => ({
            key: String(choice.index),
            text: choice.text,
            choiceIndex: choice.index,
          }))}
          isDisabled={isAsking}
          onAsk={(text, choiceIndex) => void player.sendQuestion(text, 'typed', choiceIndex)}
        />
      ) : null}
      {player.shouldTypeInstead ? (
        <p role="status" className="text-sm font-medium text-amber-800">
          {hasChoices ? TYPE_INSTEAD_MESSAGE : TYPE_ONLY_MESSAGE}
        </p>
      ) : null}
      <ClarificationOffer
        offer={player.state.offer}
        isDisabled={isAsking}
        onChoose={player.chooseSuggestion}
      />
      {isShowingStarters ? (
        <QuestionChips
          label="Conversation starters"
          questions={startersNotOffered.map((starter) => ({
            key: starter.questionId,
            text: starter.text,
          }))}
          isDisabled={isAsking}
          onAsk={(text) => void player.sendQuestion(text, 'typed')}
        />
      ) : null}

      <form onSubmit={player.submit} className="flex items-center gap-2" noValidate>
        <label htmlFor={ids.input} className="sr-only">
          Ask {name} a question
        </label>
        <input
          ref={inputRef}
          id={ids.input}
          value={player.draft}
          onChange={(event) => player.changeDraft(event.target.value)}
          disabled={!isStarted}
          placeholder={isStarted ? 'Ask a question…' : 'Press Start to begin'}
          autoComplete="off"
          aria-describedby={
            [
              player.state.error || player.isEmptyQuestion ? ids.error : '',
              player.isQuestionCut ? ids.cut : '',
            ]
              .filter(Boolean)
              .join(' ') || undefined
          }
          className="block h-10 w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-100"
        />
        <SpeechButton
          speech={player.speech}
          label="Ask by voice"
          disabled={!isStarted || isAsking}
        />
        <Button
          type="submit"
          variant="primary"
          disabled={!isStarted}
          isLoading={isAsking}
          icon={<SendHorizontal className="size-4" aria-hidden="true" />}
        >
          Ask
        </Button>
      </form>
      {player.isQuestionCut ? (
        <p id={ids.cut} role="status" className="text-sm text-amber-800">
          {QUESTION_CUT_MESSAGE}
        </p>
      ) : null}
      <SpeechStatus speech={player.speech} />
      {player.isEmptyQuestion || player.state.error ? (
        <p id={ids.error} role="alert" className="text-sm font-medium text-red-700">
          {player.isEmptyQuestion ? ASK_TEXT_EMPTY_MESSAGE : player.state.error}
        </p>
      ) : null}
      {player.speechProblem ? (
        <p role="alert" className="text-sm text-amber-800">
          {player.speechProblem}
        </p>
      ) : null}

      {isCompact && player.state.transcript.length === 0 ? (
        transcriptLink
      ) : (
        <section
          aria-labelledby={ids.transcript}
          className={cn(isCompact && 'flex min-h-24 flex-1 flex-col')}
        >
          <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <h3 id={ids.transcript} className="text-sm font-semibold text-slate-700">
              Transcript
            </h3>
            {transcriptLink}
          </div>
          <TranscriptList
            entries={player.state.transcript}
            name={name}
            isFilling={isCompact}
            {...(rate === undefined ? {} : { rate })}
          />
        </section>
      )}
    </div>
  );
}
