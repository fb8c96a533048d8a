import type { Recognition, RecognizeOptions } from './recognize.ts';

/** What a Whisper thread is started with (`workerData`). */
export interface WhisperThreadData {
  modelDir: string;
  threads: number;
  /** The thread's CPU priority (19: the lowest); unset keeps the process's. */
  niceness?: number;
}

/** The studio's messages to a Whisper thread. */
export type WhisperRequest =
  | {
      type: 'recognize';
      id: number;
      samples: Float32Array;
      options: Omit<RecognizeOptions, 'signal'>;
    }
  | { type: 'cancel'; id: number };

/** A Whisper thread's messages to the studio. */
export type WhisperReply =
  | { type: 'ready'; loadMs: number }
  | { type: 'load-failed'; message: string }
  | { type: 'result'; id: number; recognition: Recognition }
  | { type: 'error'; id: number; message: string; isAborted: boolean };
