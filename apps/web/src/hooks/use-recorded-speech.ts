import type { SpeechReading } from '@conversa/contracts';
import { useEffect, useRef, useState } from 'react';
import {
  describeRecognizerFailure,
  getMicrophoneProblem,
  NO_SPEECH_MESSAGE,
  pickRecordingType,
  SpeechEndpointer,
} from '@/lib/recorded-speech';

/** How often the level meter and the end-of-speech check look at the microphone. */
const LEVEL_INTERVAL_MS = 50;

/** What the studio's recognizer heard: the words, and its confidence and readings when it gives them. */
export interface HeardSpeech {
  text: string;
  confidence?: number | null;
  alternatives?: SpeechReading[];
}

/**
 * One question by voice through the studio's recognizer: `listen()` records the microphone with
 * MediaRecorder (a level meter in `level`, 0–1), stops by itself once the person has spoken and
 * then paused (or when `stop()` is pressed), sends the recording to `transcribe` and hands the
 * words to `onHeard`. Problems (microphone refused or missing, nothing said, recognizer down)
 * go to `onProblem` as sentences. Works in every browser with MediaRecorder (Firefox too).
 */
export function useRecordedSpeech({
  transcribe,
  onHeard,
  onProblem,
}: {
  transcribe: ((recording: Blob) => Promise<HeardSpeech>) | undefined;
  onHeard: (text: string, heard?: HeardSpeech) => void;
  onProblem: (message: string) => void;
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
  const stopRef = useRef<(() => void) | null>(null);
  const handlersRef = useRef({ transcribe, onHeard, onProblem });
  useEffect(() => {
    handlersRef.current = { transcribe, onHeard, onProblem };
  });
  useEffect(() => () => stopRef.current?.(), []);

  async function listen() {
    if (stopRef.current || isTranscribing) {
      return;
    }
    setIsListening(true);
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
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) {
        chunks.push(event.data);
      }
    };
    const audio = new AudioContext();
    const analyser = audio.createAnalyser();
    analyser.fftSize = 1024;
    audio.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const endpointer = new SpeechEndpointer();
    const timer = window.setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) {
        sum += sample * sample;
      }
      const rms = Math.sqrt(sum / samples.length);
      setLevel(Math.min(1, rms * 6));
      if (endpointer.push(rms, LEVEL_INTERVAL_MS) !== 'listening') {
        finish();
      }
    }, LEVEL_INTERVAL_MS);

    function finish() {
      if (stopRef.current === null) {
        return;
      }
      stopRef.current = null;
      window.clearInterval(timer);
      if (recorder.state !== 'inactive') {
        recorder.stop();
      }
    }
    recorder.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      void audio.close();
      setIsListening(false);
      setLevel(0);
      if (!endpointer.hasHeardSpeech) {
        handlersRef.current.onProblem(NO_SPEECH_MESSAGE);
        return;
      }
      const send = handlersRef.current.transcribe;
      if (!send) {
        return;
      }
      setIsTranscribing(true);
      send(new Blob(chunks, { type: recorder.mimeType || type || 'audio/webm' }))
        .then((heard) => handlersRef.current.onHeard(heard.text, heard))
        .catch((error: unknown) => handlersRef.current.onProblem(describeRecognizerFailure(error)))
        .finally(() => setIsTranscribing(false));
    };
    stopRef.current = finish;
    recorder.start();
  }

  function stop() {
    stopRef.current?.();
  }

  return { isSupported, isListening, isTranscribing, level, listen: () => void listen(), stop };
}
