import type { SpeechReading } from '@conversa/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  describeRecognizerFailure,
  getMicrophoneProblem,
  NO_SPEECH_MESSAGE,
  pickRecordingType,
  SpeechEndpointer,
  type EndOfSpeech,
  type EndpointerDecision,
} from '@/lib/recorded-speech';
import { hearRecording, SpeechStreamSender, STREAM_PIECE_MS } from '@/lib/speech-stream';
import { voiceActivityDetector, whenIdle, type VoiceActivityDetector } from '@/lib/voice-activity';

/** How often the level meter and the end-of-speech check look at the microphone. */
const LEVEL_INTERVAL_MS = 50;

/** What the studio's recognizer heard: the words, and its confidence and readings when it gives them. */
export interface HeardSpeech {
  text: string;
  confidence?: number | null;
  alternatives?: SpeechReading[];
}

/**
 * What the last question's words came from: the recording up to the pause, sent when the pause
 * began and awaited when it ended the question ('speculative'), or the whole recording sent then.
 */
export type Recognition = 'speculative' | 'whole';

/**
 * How the last question's recording reached the studio: over the speech2text WebSocket while it
 * was recorded ('stream'), or uploaded ('upload', the fallback).
 */
export type SpeechTransport = 'stream' | 'upload';

/** Where the page's voice-activity detector is: loading, ready, or unable to run here. */
export type VoiceActivityState = 'not-loaded' | 'loading' | 'ready' | 'unavailable';

/**
 * One question by voice through the studio's recognizer: `listen()` records the microphone with
 * MediaRecorder (a level meter in `level`, 0–1) from the moment it is called, stops by itself once
 * the person has spoken and then paused (or when `stop()` is pressed), sends the recording to
 * `transcribe` and hands the words to `onHeard`. The pause is judged by the voice-activity
 * detector once it runs (a short hangover), by the microphone's level until then or when it
 * cannot run (the visitor is not told); `endOfSpeech` says which ended the last question, and
 * after how long a pause. With the VAD, the recording so far is sent the moment a pause begins
 * (a speculative recognition, dropped if the person speaks again): when the hangover ends the
 * question, its answer is awaited instead of sending the recording again, so recognizing overlaps
 * the hangover (`recognition` says which was used). `prepare()` (the speech button calls it when
 * shown) loads the detector when the browser is idle, so it is ready before the first question;
 * `voiceActivityState` says where it is. With `streamUrl` (issue 42, item 3) the recording goes to
 * the studio over a WebSocket while it is made (a piece every STREAM_PIECE_MS, converted as it
 * comes): the pause's recognition is a `decode` of what the studio has already converted, and
 * the question's end needs no upload; when the socket cannot open, breaks or never answers, the
 * recording is uploaded as without it (`transport` says which carried it). Problems (microphone
 * refused or missing, quiet until the timeout, recognizer down) go to `onProblem` as sentences;
 * sound with no voice until the timeout goes to `onHeard` as empty words (not heard: the
 * storyfile asks again). Works in every browser with MediaRecorder (Firefox too).
 */
export function useRecordedSpeech({
  transcribe,
  streamUrl,
  onHeard,
  onProblem,
  voiceActivity = voiceActivityDetector,
}: {
  /** Sends a recording; `signal` drops a speculative one (the visitor spoke again). */
  transcribe: ((recording: Blob, signal?: AbortSignal) => Promise<HeardSpeech>) | undefined;
  /** The channel's speech2text WebSocket address; unset, the recording is uploaded. */
  streamUrl?: (() => string) | undefined;
  onHeard: (text: string, heard?: HeardSpeech) => void;
  onProblem: (message: string) => void;
  /** The VAD (tests give their own). */
  voiceActivity?: VoiceActivityDetector;
}) {
  const [isSupported] = useState(
    () =>
      typeof MediaRecorder !== 'undefined' &&
      typeof navigator !== 'undefined' &&
      navigator.mediaDevices?.getUserMedia !== undefined,
  );
  const [isListening, setIsListening] = useState(false);
  const [isTranscribing, setIsTranscribing] = useState(false);
  const [level, setLevel] = useState(0);
  const [endOfSpeech, setEndOfSpeech] = useState<EndOfSpeech | null>(null);
  const [voiceActivityState, setVoiceActivityState] = useState<VoiceActivityState>('not-loaded');
  const [recognition, setRecognition] = useState<Recognition | null>(null);
  const [transport, setTransport] = useState<SpeechTransport | null>(null);
  const stopRef = useRef<(() => void) | null>(null);
  const handlersRef = useRef({ transcribe, streamUrl, onHeard, onProblem });
  useEffect(() => {
    handlersRef.current = { transcribe, streamUrl, onHeard, onProblem };
  });
  useEffect(() => () => stopRef.current?.(), []);
  const isMountedRef = useRef(true);
  useEffect(() => {
    isMountedRef.current = true;
    return () => {
      isMountedRef.current = false;
    };
  }, []);

  /** Loads the VAD now (once a page: the detector keeps its one promise) and follows its state. */
  const load = useCallback(() => {
    setVoiceActivityState((state) => (state === 'not-loaded' ? 'loading' : state));
    voiceActivity.prepare().then(
      () => {
        if (isMountedRef.current) {
          setVoiceActivityState('ready');
        }
      },
      () => {
        if (isMountedRef.current) {
          setVoiceActivityState('unavailable');
        }
      },
    );
  }, [voiceActivity]);

  /** Loads the VAD when the browser is next idle; returns a cancel (an effect's clean-up). */
  const prepare = useCallback(() => whenIdle(load), [load]);

  async function listen() {
    if (stopRef.current || isTranscribing) {
      return;
    }
    setIsListening(true);
    setEndOfSpeech(null);
    setRecognition(null);
    setTransport(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      setIsListening(false);
      handlersRef.current.onProblem(getMicrophoneProblem(error));
      return;
    }
    const type = pickRecordingType((candidate) => MediaRecorder.isTypeSupported(candidate));
    const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    const chunks: Blob[] = [];
    const recordingType = () => recorder.mimeType || type || 'audio/webm';
    // The stream opens with the recording; without a recognizer to fall back on, none.
    const streamAddress = handlersRef.current.transcribe
      ? handlersRef.current.streamUrl?.()
      : undefined;
    const sender =
      streamAddress && typeof WebSocket !== 'undefined'
        ? new SpeechStreamSender(streamAddress)
        : null;
    /** Called with the next data MediaRecorder hands over (requestData's, or the last one). */
    const dataWaiters: (() => void)[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) {
        chunks.push(event.data);
        sender?.send(event.data);
      }
      dataWaiters.splice(0).forEach((resolve) => resolve());
    };
    // Recording starts at once, whatever the VAD's state (the handlers below are set in this same
    // turn, before anything can stop it).
    recorder.start(sender ? STREAM_PIECE_MS : undefined);
    const audio = new AudioContext();
    const analyser = audio.createAnalyser();
    analyser.fftSize = 1024;
    audio.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const endpointer = new SpeechEndpointer();
    const decide = (decision: EndpointerDecision) => {
      if (decision !== 'listening') {
        finish();
      }
    };
    let isDone = false;
    let detector: { stop: () => Promise<void> } | null = null;
    /** The recognition sent when the current pause began, if one was. */
    let speculation: {
      controller: AbortController;
      heard: Promise<HeardSpeech>;
      transport: SpeechTransport;
    } | null = null;
    const speculate = () => {
      const send = handlersRef.current.transcribe;
      if (!send || recorder.state !== 'recording') {
        return;
      }
      const controller = new AbortController();
      const isStreamed = sender?.isUsable === true;
      // requestData() ends the recording so far at a boundary its decoder reads whole (WebM
      // clusters, Ogg pages): a prefix the studio's ffmpeg accepts. Streamed, that last piece
      // goes on the socket before the decode.
      const heard = new Promise<void>((resolve) => {
        dataWaiters.push(resolve);
        recorder.requestData();
      }).then(async () => {
        if (!isStreamed) {
          return send(new Blob(chunks, { type: recordingType() }), controller.signal);
        }
        if (controller.signal.aborted) {
          throw new Error('Dropped: the visitor spoke again');
        }
        const words = await sender.decode();
        if (!words) {
          throw new Error('Not heard on the stream');
        }
        return words;
      });
      if (isStreamed) {
        controller.signal.addEventListener('abort', () => sender.cancel(), { once: true });
      }
      heard.catch(() => undefined);
      speculation = { controller, heard, transport: isStreamed ? 'stream' : 'upload' };
    };
    const dropSpeculation = () => {
      speculation?.controller.abort();
      speculation = null;
    };
    // The VAD loads now if the warm-up has not begun (once a page); until it runs, the level
    // decides.
    load();
    voiceActivity
      .start({
        stream,
        audioContext: audio,
        onSpeechProbability: (probability, frameMs) => {
          if (isDone) {
            return;
          }
          const wasSpeaking = endpointer.isSpeaking;
          const decision = endpointer.pushSpeechProbability(probability, frameMs);
          if (decision === 'listening' && endpointer.decidesByVoiceActivity) {
            if (wasSpeaking && !endpointer.isSpeaking) {
              // The pause begins: recognize what was said while the hangover runs.
              dropSpeculation();
              speculate();
            } else if (!wasSpeaking && endpointer.isSpeaking) {
              // Speech again: that recognition is of half a question.
              dropSpeculation();
            }
          }
          decide(decision);
        },
      })
      .then(
        (started) => {
          if (isDone) {
            void started.stop().catch(() => undefined);
            return;
          }
          detector = started;
          endpointer.useVoiceActivity();
        },
        // No VAD here (old browser, WebAssembly or the worklet blocked): the level decides.
        () => undefined,
      );
    const timer = window.setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) {
        sum += sample * sample;
      }
      const rms = Math.sqrt(sum / samples.length);
      setLevel(Math.min(1, rms * 6));
      decide(endpointer.pushLevel(rms, LEVEL_INTERVAL_MS));
    }, LEVEL_INTERVAL_MS);

    function finish() {
      if (stopRef.current === null) {
        return;
      }
      stopRef.current = null;
      isDone = true;
      window.clearInterval(timer);
      void detector?.stop().catch(() => undefined);
      detector = null;
      if (recorder.state !== 'inactive') {
        recorder.stop();
      }
    }
    recorder.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      void audio.close();
      setIsListening(false);
      setLevel(0);
      setEndOfSpeech(endpointer.endOfSpeech);
      if (!endpointer.hasHeardSpeech) {
        sender?.close();
        if (endpointer.heardOnlyNoise) {
          // Sound and no voice until the timeout: the question was not heard, and the
          // storyfile asks for it again (an empty spoken question plays please-repeat).
          handlersRef.current.onHeard('', { text: '' });
        } else {
          handlersRef.current.onProblem(NO_SPEECH_MESSAGE);
        }
        return;
      }
      const send = handlersRef.current.transcribe;
      // The hangover ended the question: nothing was said after the speculative recording.
      const speculative = endpointer.endOfSpeech?.by === 'voice-activity' ? speculation : null;
      if (!speculative) {
        dropSpeculation();
      }
      if (!send) {
        sender?.close();
        return;
      }
      setIsTranscribing(true);
      // The whole recording: its end asked on the stream, or (no stream, or it failed) uploaded.
      const sendWhole = () => {
        setRecognition('whole');
        const isStreamed = sender?.isUsable === true;
        return hearRecording(
          sender,
          (recording: Blob) => {
            setTransport('upload');
            return send(recording);
          },
          new Blob(chunks, { type: recordingType() }),
        ).then((words) => {
          if (isStreamed && words !== null) {
            setTransport((current) => current ?? 'stream');
          }
          return words;
        });
      };
      const heard = speculative
        ? speculative.heard.then(
            (words) => {
              // No words in the recording so far, though the VAD heard speech: its last pieces
              // may not have reached the recognizer yet (a busy machine); hear the whole.
              if (words.text.trim() === '') {
                return sendWhole();
              }
              setRecognition('speculative');
              setTransport(speculative.transport);
              sender?.close();
              return words;
            },
            // It failed (the network, a recording cut where the decoder could not read it):
            // the whole recording, as without speculation.
            () => sendWhole(),
          )
        : sendWhole();
      heard
        .then((words) => handlersRef.current.onHeard(words.text, words))
        .catch((error: unknown) => handlersRef.current.onProblem(describeRecognizerFailure(error)))
        .finally(() => setIsTranscribing(false));
    };
    stopRef.current = finish;
  }

  function stop() {
    stopRef.current?.();
  }

  return {
    isSupported,
    isListening,
    isTranscribing,
    level,
    endOfSpeech,
    recognition,
    transport,
    voiceActivityState,
    prepare,
    listen: () => void listen(),
    stop,
  };
}
