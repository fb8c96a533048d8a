/** One word heard, with its place in the recording (milliseconds from its start). */
export interface TimedWord {
  text: string;
  startMs: number;
  endMs: number;
  /** 0–1, null when the engine gives none. */
  confidence: number | null;
}

/** One reading of a recording: its words and its share of the recognizer's n-best list (0–1). */
export interface SpeechReading {
  text: string;
  confidence: number | null;
}

/** What a recognizer heard in one recording. */
export interface SpeechTranscript {
  /** The words heard, lower case as the recognizer writes them; '' when nothing was understood. */
  text: string;
  /** 0–1, null when the engine gives none. */
  confidence: number | null;
  /**
   * The readings, best first, the best one (`text`) among them, when the engine gives an n-best
   * list (pocketsphinx does; an external Whisper does not: `[]`).
   */
  alternatives: SpeechReading[];
  /** The words with their times, when the engine gives them (both engines here do). */
  words?: TimedWord[];
  /** The embedded decoder's cost (not sent to the client). */
  timing?: DecodeTiming;
}

/** What one decode cost (the bench's stages, `SPEECH_STAGES_CHANNEL`). */
export interface DecodeTiming {
  /** A decoder started for this recording (its models loaded first), not one already waiting. */
  isCold: boolean;
  /** A decoder kept running for the next recordings (warm-decoder.ts), not one that exited. */
  isKeptRunning: boolean;
  /** From asking the decoder to its readings, seconds. */
  wallSeconds: number;
  /** The decoder's own count of the utterance's search (fwdtree, fwdflat, bestpath); null unknown. */
  searchWallSeconds: number | null;
  searchCpuSeconds: number | null;
}

/** A storyfile's words a recognizer should expect: its phrasings, categories and custom words. */
export interface StoryfileVocabulary {
  storyfileId: string;
  /** Questions, alternates, category phrases, custom words and their "heard as" forms. */
  phrasings: string[];
  /** The custom words (display form first): the external engine's prompt leads with them. */
  terms: string[];
}

/**
 * A storyfile's speaker as pocketsphinx hears them (issue 52, `adaptation/`): the acoustic model
 * to decode with and the MLLR transform of its means, or null.
 */
export interface SpeakerVoice {
  acousticModel: string;
  mllrFile: string | null;
}

/** One recognizer: the embedded pocketsphinx or an external transcription server. */
export interface SpeechEngine {
  readonly name: 'pocketsphinx' | 'whisper' | 'external';
  /** Recognizes a 16 kHz mono WAV file; `voice` is the embedded engine's only. */
  transcribe(
    wavFile: string,
    vocabulary: StoryfileVocabulary,
    signal: AbortSignal,
    voice?: SpeakerVoice,
  ): Promise<SpeechTranscript>;
  /**
   * Gets ready for a recording of this storyfile while it is still being converted (the embedded
   * engine starts a decoder loading its models). Optional; its failure is the recording's own.
   */
  prepare?(vocabulary: StoryfileVocabulary): Promise<void>;
  /** Ends what the engine keeps running (the studio stopping). */
  close?(): Promise<void>;
}
