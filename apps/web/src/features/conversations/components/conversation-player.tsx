import { Play, SendHorizontal, UserRound } from 'lucide-react';
import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import {
  PUBLIC_CONVERSATION_NOT_CONTINUABLE_MESSAGE,
  ASK_TEXT_EMPTY_MESSAGE,
  MAX_ASK_TEXT_LENGTH,
  type ExchangeFeedback,
  type InputMode,
  type StoryfileRecognizer,
} from '@conversa/contracts';
import { SpeechButton } from '@/components/speech-button';
import { SpeechStatus } from '@/components/speech-status';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useSpokenQuestion } from '@/hooks/use-spoken-question';
import {
  canAsk,
  INITIAL_PLAYER_STATE,
  reducePlayer,
  type PlayerAskInput,
  type PlayerAskResult,
  type PlayerClip,
} from '../utils/player-machine';
import { StoryStartControls } from './story-start-controls';
import { QuestionChips } from './question-chips';
import { TranscriptList } from './transcript-list';
import { forgetResumeId, readResumeId } from '../utils/resume-id';

/** Shown when a recorded video fails to load or play. */
export const CLIP_FAILED_MESSAGE = 'This video could not be played. Try asking again.';

/** A failed ask as the visitor reads it: the server's message (e.g. 429), or a plain network note. */
export function describeAskError(error: unknown): string {
  if (error instanceof ApiError) {
    return error.status === 0
      ? `${error.message} Check your connection and try again.`
      : error.message;
  }
  return 'The question could not be sent. Try again.';
}

/** Whether the server refused to continue the named conversation (a public ask, issue 32). */
export function isConversationLost(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    error.message === PUBLIC_CONVERSATION_NOT_CONTINUABLE_MESSAGE
  );
}

export interface ConversationPlayerProps<R extends PlayerAskResult> {
  /** The storyfile's name, for labels and the placeholder. */
  name: string;
  /** BCP 47 language of the storyfile, for speech recognition. */
  language: string;
  clips: { idle: PlayerClip | null; intro: PlayerClip | null };
  starters: { questionId: string; text: string }[];
  ask: (input: PlayerAskInput) => Promise<R>;
  /** Called with each answer (the studio shows the matcher's reasoning beside the player). */
  onAnswer?: (result: NoInfer<R>) => void;
  /** Chrome-less layout for an iframe. */
  isCompact?: boolean;
  /** Records a thumbs up or down on one answer (once per exchange); no rating buttons without it. */
  rate?: (exchangeId: string, feedback: ExchangeFeedback) => Promise<unknown>;
  /**
   * A published ink story drives the conversation: Start opens it (its lines play, its choices
   * are the suggested questions).
   */
  hasStory?: boolean;
  /**
   * Where the conversation id is kept for this tab (session storage), so a reload resumes the
   * conversation and its story; unset keeps nothing.
   */
  resumeKey?: string;
  /** Custom words handed to the browser's recognizer as hints. */
  speechHints?: readonly string[];
  /** The owner's choice of recognizer (undefined while loading: the studio's). */
  speechRecognizer?: StoryfileRecognizer | undefined;
  /** Sends a recording to the studio's recognizer (this channel's speech2text); none hides it. */
  transcribeSpeech?: (recording: Blob) => Promise<{ text: string }>;
  /**
   * The author's story controls (the interact tab): "Restart story" and "Start from knot…" over
   * these knots and stitches of the published story. Unset: none (the public page).
   */
  storyPlaces?: readonly string[];
}

/**
 * The conversation player of the studio and the public page: the idle loop waits muted; Start
 * (a gesture, so sound may play) plays the intro and offers the starters; each question, typed
 * or spoken, plays its answer or a fallback clip with sound and returns to the idle loop. A clip
 * that is not recorded shows the server's text instead.
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
  storyPlaces,
}: ConversationPlayerProps<R>) {
  const [state, dispatch] = useReducer(reducePlayer, INITIAL_PLAYER_STATE);
  const [draft, setDraft] = useState('');
  const [speechProblem, setSpeechProblem] = useState<string | null>(null);
  const [isPlayBlocked, setIsPlayBlocked] = useState(false);
  const [brokenIdleUrl, setBrokenIdleUrl] = useState<string | null>(null);
  const isAskingRef = useRef(false);
  const speakingRef = useRef<HTMLVideoElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const shouldFocusInputRef = useRef(false);
  const [isEmptyQuestion, setEmptyQuestion] = useState(false);
  const [isRestarting, setIsRestarting] = useState(false);
  const [restartProblem, setRestartProblem] = useState<string | null>(null);
  const ids = { input: useId(), error: useId(), transcript: useId() };

  const speech = useSpokenQuestion({
    language,
    hints: speechHints,
    recognizer: speechRecognizer,
    transcribe: transcribeSpeech,
    onHeard: (text) => void sendQuestion(text, 'spoken'),
    onProblem: setSpeechProblem,
  });

  const speakingUrl = state.speaking?.clip.url;
  useEffect(() => {
    const video = speakingRef.current;
    if (!video || !speakingUrl) {
      return;
    }
    setIsPlayBlocked(false);
    // Start and every ask are gestures, so sound is allowed; a strict browser may still refuse.
    video.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'NotAllowedError') {
        setIsPlayBlocked(true);
      }
    });
  }, [speakingUrl]);

  useEffect(() => {
    if (resumeKey && state.conversationId) {
      try {
        sessionStorage.setItem(resumeKey, state.conversationId);
      } catch {
        // Storage may be off (private mode): the conversation just does not survive a reload.
      }
    }
  }, [resumeKey, state.conversationId]);

  async function sendQuestion(text: string, inputMode: InputMode, choiceIndex?: number) {
    if (isAskingRef.current || !canAsk(state)) {
      return;
    }
    isAskingRef.current = true;
    setSpeechProblem(null);
    dispatch({ type: 'askStarted', text, inputMode });
    try {
      const result = await ask({
        text,
        inputMode,
        ...(state.conversationId ? { conversationId: state.conversationId } : {}),
        ...(choiceIndex === undefined ? {} : { choiceIndex }),
      });
      dispatch({ type: 'askSucceeded', result });
      onAnswer?.(result);
      if (inputMode === 'typed') {
        setDraft((current) => (current === text ? '' : current));
      }
    } catch (error) {
      const isLost = isConversationLost(error);
      if (isLost) {
        forgetResumeId(resumeKey);
      }
      dispatch({ type: 'askFailed', message: describeAskError(error), isConversationLost: isLost });
      // The question is kept, spoken ones too, so asking again is one key press.
      if (inputMode === 'spoken' && text) {
        setDraft(text);
      }
    } finally {
      isAskingRef.current = false;
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (draft.trim() === '') {
      setEmptyQuestion(true);
      inputRef.current?.focus();
      return;
    }
    void sendQuestion(draft, 'typed');
  }

  async function openStory() {
    isAskingRef.current = true;
    try {
      const resumeId = readResumeId(resumeKey);
      const open = (conversationId: string | undefined) =>
        ask({
          text: '',
          inputMode: 'typed',
          start: true,
          ...(conversationId ? { conversationId } : {}),
        });
      // A conversation this visitor can no longer continue: the story opens anew.
      const result = await open(resumeId).catch((error: unknown) => {
        if (resumeId && isConversationLost(error)) {
          forgetResumeId(resumeKey);
          return open(undefined);
        }
        throw error;
      });
      dispatch({ type: 'storyOpened', result });
    } catch {
      // The story could not open: the conversation goes on with free questions.
      dispatch({ type: 'start', intro: clips.intro });
    } finally {
      isAskingRef.current = false;
    }
  }

  /** A new conversation with the story from the top, or from a knot or stitch. */
  async function restartStory(startPath?: string) {
    if (isAskingRef.current) {
      return;
    }
    isAskingRef.current = true;
    setIsRestarting(true);
    setRestartProblem(null);
    try {
      const result = await ask({
        text: '',
        inputMode: 'typed',
        start: true,
        ...(startPath === undefined ? {} : { startPath }),
      });
      dispatch({ type: 'storyRestarted', result });
      shouldFocusInputRef.current = true;
      inputRef.current?.focus();
    } catch (error) {
      setRestartProblem(describeAskError(error));
    } finally {
      isAskingRef.current = false;
      setIsRestarting(false);
    }
  }

  function start() {
    if (hasStory) {
      void openStory();
    } else {
      dispatch({ type: 'start', intro: clips.intro });
    }
    // The box is still disabled in this render and Start is about to vanish: focus it once it
    // is enabled, or focus falls to the page body.
    shouldFocusInputRef.current = true;
  }

  useEffect(() => {
    if (state.phase !== 'idle' && shouldFocusInputRef.current) {
      shouldFocusInputRef.current = false;
      inputRef.current?.focus();
    }
  }, [state.phase]);

  const isStarted = state.phase !== 'idle';
  const isAsking = state.phase === 'asking';
  const idleClip = clips.idle && clips.idle.url !== brokenIdleUrl ? clips.idle : null;
  const speaking = state.speaking;

  return (
    <div className={cn('flex flex-col', isCompact ? 'h-full gap-3' : 'gap-4')}>
      <div
        className={cn(
          'relative w-full overflow-hidden bg-slate-900',
          isCompact ? 'min-h-0 flex-1' : 'aspect-video rounded-xl shadow-sm',
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
            onError={() => setBrokenIdleUrl(idleClip.url)}
          />
        ) : (
          <div className="absolute inset-0 grid place-items-center text-slate-400">
            <div className="flex flex-col items-center gap-2">
              <UserRound className="size-16" aria-hidden="true" />
              <span className="text-sm">{name}</span>
            </div>
          </div>
        )}
        {speaking ? (
          <video
            key={speaking.clip.url}
            ref={speakingRef}
            aria-label={`${name}, speaking`}
            data-clip-kind={speaking.kind}
            className="absolute inset-0 size-full bg-slate-900 object-contain"
            src={speaking.clip.url}
            poster={speaking.clip.posterUrl}
            playsInline
            onEnded={() => dispatch({ type: 'clipEnded' })}
            onError={() => dispatch({ type: 'clipFailed', message: CLIP_FAILED_MESSAGE })}
          >
            {/* Shown by default: an answer may be watched muted, and captions are what it says. */}
            {speaking.clip.captionsUrl ? (
              <track
                kind="captions"
                label="Captions"
                src={speaking.clip.captionsUrl}
                srcLang={language}
                default
              />
            ) : null}
          </video>
        ) : null}
        {state.message ? (
          <p
            role="status"
            className="absolute inset-x-4 bottom-4 rounded-lg bg-black/75 px-4 py-3 text-center text-base text-white"
          >
            {state.message}
          </p>
        ) : null}
        {isAsking ? (
          <div className="absolute top-3 right-3 flex items-center gap-2 rounded-full bg-black/60 px-3 py-1.5 text-sm text-white">
            <Spinner label="Finding the answer" /> Thinking…
          </div>
        ) : null}
        {isPlayBlocked && speaking ? (
          <div className="absolute inset-0 grid place-items-center bg-black/40">
            <Button
              variant="primary"
              icon={<Play className="size-4" aria-hidden="true" />}
              onClick={() => {
                setIsPlayBlocked(false);
                void speakingRef.current?.play();
              }}
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
              onClick={start}
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
          isBusy={isAsking || isRestarting}
          problem={restartProblem}
          onStart={(startPath) => void restartStory(startPath)}
        />
      ) : null}
      {state.storyNotice ? (
        <p role="status" className="text-sm text-amber-800">
          {state.storyNotice}
        </p>
      ) : null}
      {state.storyChoices !== null && state.storyChoices.length > 0 ? (
        <QuestionChips
          label="Suggested questions"
          questions={state.storyChoices.map((choice) => ({
            key: String(choice.index),
            text: choice.text,
            choiceIndex: choice.index,
          }))}
          isDisabled={isAsking}
          onAsk={(text, choiceIndex) => void sendQuestion(text, 'typed', choiceIndex)}
        />
      ) : null}
      {isStarted &&
      state.phase !== 'intro' &&
      state.storyChoices === null &&
      starters.length > 0 ? (
        <QuestionChips
          label="Conversation starters"
          questions={starters.map((starter) => ({ key: starter.questionId, text: starter.text }))}
          isDisabled={isAsking}
          onAsk={(text) => void sendQuestion(text, 'typed')}
        />
      ) : null}

      <form onSubmit={submit} className="flex items-center gap-2" noValidate>
        <label htmlFor={ids.input} className="sr-only">
          Ask {name} a question
        </label>
        <input
          ref={inputRef}
          id={ids.input}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            setEmptyQuestion(false);
          }}
          disabled={!isStarted}
          maxLength={MAX_ASK_TEXT_LENGTH}
          placeholder={isStarted ? 'Ask a question…' : 'Press Start to begin'}
          autoComplete="off"
          aria-describedby={state.error || isEmptyQuestion ? ids.error : undefined}
          className="block h-10 w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-100"
        />
        <SpeechButton speech={speech} label="Ask by voice" disabled={!isStarted || isAsking} />
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
      <SpeechStatus speech={speech} />
      {isEmptyQuestion || state.error ? (
        <p id={ids.error} role="alert" className="text-sm font-medium text-red-700">
          {isEmptyQuestion ? ASK_TEXT_EMPTY_MESSAGE : state.error}
        </p>
      ) : null}
      {speechProblem ? (
        <p role="alert" className="text-sm text-amber-800">
          {speechProblem}
        </p>
      ) : null}

      {isCompact && state.transcript.length === 0 ? null : (
        <section aria-labelledby={ids.transcript}>
          <h3 id={ids.transcript} className="mb-2 text-sm font-semibold text-slate-700">
            Transcript
          </h3>
          <TranscriptList
            entries={state.transcript}
            name={name}
            {...(rate === undefined ? {} : { rate })}
          />
        </section>
      )}
    </div>
  );
}
