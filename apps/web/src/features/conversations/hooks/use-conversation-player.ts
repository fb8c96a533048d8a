import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { MAX_ASK_TEXT_LENGTH, type AskSuggestion, type InputMode } from '@conversa/contracts';
import { useSpokenQuestion } from '@/hooks/use-spoken-question';
import type { ConversationPlayerProps } from '../components/conversation-player-props';
import {
  canAsk,
  INITIAL_PLAYER_STATE,
  reducePlayer,
  SPOKEN_TRIES,
  type PlayerAskInput,
  type PlayerAskResult,
} from '../utils/player-machine';
import { describeAskError, isConversationLost } from '../utils/player-messages';
import { forgetResumeId, readResumeId } from '../utils/resume-id';

type PlayerInput<R extends PlayerAskResult> = Pick<
  ConversationPlayerProps<R>,
  | 'language'
  | 'clips'
  | 'ask'
  | 'onAnswer'
  | 'hasStory'
  | 'resumeKey'
  | 'speechHints'
  | 'speechRecognizer'
  | 'transcribeSpeech'
  | 'speechStreamUrl'
>;

/**
 * The conversation player's state and effects: the player machine, the question being typed,
 * asking (typed, spoken, a chip or a story choice), opening and restarting the story, playing
 * the answer clip, and keeping the conversation id for a reload.
 */
export function useConversationPlayer<R extends PlayerAskResult>({
  language,
  clips,
  ask,
  onAnswer,
  hasStory = false,
  resumeKey,
  speechHints,
  speechRecognizer,
  transcribeSpeech,
  speechStreamUrl,
}: PlayerInput<R>) {
  const [state, dispatch] = useReducer(reducePlayer, INITIAL_PLAYER_STATE);
  const [draft, setDraft] = useState('');
  const [speechProblem, setSpeechProblem] = useState<string | null>(null);
  const [isPlayBlocked, setIsPlayBlocked] = useState(false);
  const [brokenIdleUrl, setBrokenIdleUrl] = useState<string | null>(null);
  const isAskingRef = useRef(false);
  const speakingRef = useRef<HTMLVideoElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const storyEndRef = useRef<HTMLButtonElement>(null);
  const shouldFocusInputRef = useRef(false);
  const shouldFocusAnswerRef = useRef(false);
  const [isEmptyQuestion, setEmptyQuestion] = useState(false);
  const [isQuestionCut, setQuestionCut] = useState(false);
  const [isRestarting, setIsRestarting] = useState(false);
  const [restartProblem, setRestartProblem] = useState<string | null>(null);

  const speech = useSpokenQuestion({
    language,
    hints: speechHints,
    recognizer: speechRecognizer,
    transcribe: transcribeSpeech,
    streamUrl: speechStreamUrl,
    // The studio's recognizer's readings go with the words: the storyfile chooses among them.
    onHeard: (text, heard) =>
      void sendQuestion(text, 'spoken', undefined, undefined, {
        ...(heard?.alternatives ? { alternatives: heard.alternatives } : {}),
        ...(heard?.confidence === undefined ? {} : { speechConfidence: heard.confidence }),
      }),
    onProblem: setSpeechProblem,
  });

  const speakingUrl = state.speaking?.clip.url;
  useEffect(() => {
    if (shouldFocusAnswerRef.current && state.phase !== 'asking') {
      shouldFocusAnswerRef.current = false;
      // The answer's video, or the question box when the answer is text.
      (speakingRef.current ?? inputRef.current)?.focus();
    }
  }, [state.phase, speakingUrl]);

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

  async function sendQuestion(
    text: string,
    inputMode: InputMode,
    choiceIndex?: number,
    suggestion?: PlayerAskInput['suggestion'],
    heard: Pick<PlayerAskInput, 'alternatives' | 'speechConfidence'> = {},
  ) {
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
        ...heard,
        ...(state.conversationId ? { conversationId: state.conversationId } : {}),
        ...(choiceIndex === undefined ? {} : { choiceIndex }),
        ...(suggestion === undefined ? {} : { suggestion }),
      });
      // The pressed button goes with its offer: focus moves to what answers.
      shouldFocusAnswerRef.current = suggestion !== undefined;
      dispatch({ type: 'askSucceeded', result });
      onAnswer?.(result);
      if (inputMode === 'typed') {
        setDraft((current) => (current === text ? '' : current));
        setQuestionCut(false);
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
      dispatch({ type: 'start', intro: clips.intro, greeting: clips.introText });
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
      dispatch({ type: 'start', intro: clips.intro, greeting: clips.introText });
    }
    // The box is still disabled in this render and Start is about to vanish: focus it once it
    // is enabled, or focus falls to the page body.
    shouldFocusInputRef.current = true;
  }

  // After the spoken tries were not heard, the typed box is where to go on.
  const shouldTypeInstead = state.repeatsInARow >= SPOKEN_TRIES;
  useEffect(() => {
    if (shouldTypeInstead) {
      inputRef.current?.focus();
    }
  }, [shouldTypeInstead]);

  // The story's last choice went with the story's choices: focus, on the page's body now, goes to
  // "Restart the story", what follows an ended story. Typing in the question box keeps it there.
  useEffect(() => {
    const focused = document.activeElement;
    if (state.hasStoryEnded && (focused === null || focused === document.body)) {
      storyEndRef.current?.focus();
    }
  }, [state.hasStoryEnded]);

  useEffect(() => {
    if (state.phase !== 'idle' && shouldFocusInputRef.current) {
      shouldFocusInputRef.current = false;
      inputRef.current?.focus();
    }
  }, [state.phase]);

  return {
    state,
    dispatch,
    draft,
    shouldTypeInstead,
    speech,
    speechProblem,
    isPlayBlocked,
    brokenIdleUrl,
    isEmptyQuestion,
    isRestarting,
    restartProblem,
    speakingRef,
    inputRef,
    storyEndRef,
    sendQuestion,
    /** Plays a suggestion the storyfile offered ("Did you mean…?", a starter after fallbacks). */
    chooseSuggestion: (exchangeId: string, suggestion: AskSuggestion) =>
      void sendQuestion(suggestion.questionText, 'typed', undefined, {
        exchangeId,
        questionId: suggestion.questionId,
      }),
    submit,
    restartStory,
    start,
    isQuestionCut,
    changeDraft: (value: string) => {
      // Cut here, not by the field's maxLength, which cuts a paste without a word.
      const isTooLong = value.length > MAX_ASK_TEXT_LENGTH;
      setDraft(isTooLong ? value.slice(0, MAX_ASK_TEXT_LENGTH) : value);
      setQuestionCut(isTooLong);
      setEmptyQuestion(false);
    },
    playBlockedAnswer: () => {
      setIsPlayBlocked(false);
      void speakingRef.current?.play();
    },
    markIdleBroken: setBrokenIdleUrl,
  };
}
