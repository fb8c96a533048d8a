import { describe, expect, it } from 'vitest';
import {
  END_OF_SPEECH_HANGOVER_MS,
  END_OF_SPEECH_SILENCE_MS,
  NO_SPEECH_TIMEOUT_MS,
  SpeechEndpointer,
  type EndpointerDecision,
} from './recorded-speech';

// Issue 42, item 3: the end of a spoken question is decided by the voice-activity detector's
// speech probability and a short hangover, not by a level and a 1.2 s pause. Frames are Silero
// v5's: 512 samples at 16 kHz, 32 ms.
const FRAME_MS = 32;
const LEVEL_STEP_MS = 50;

/** Pushes `ms` worth of VAD frames of one probability; the decisions, in order. */
function pushProbability(
  endpointer: SpeechEndpointer,
  probability: number,
  ms: number,
): EndpointerDecision[] {
  return Array.from({ length: Math.ceil(ms / FRAME_MS) }, () =>
    endpointer.pushSpeechProbability(probability, FRAME_MS),
  );
}

function pushLevel(endpointer: SpeechEndpointer, level: number, ms: number): EndpointerDecision[] {
  return Array.from({ length: Math.ceil(ms / LEVEL_STEP_MS) }, () =>
    endpointer.pushLevel(level, LEVEL_STEP_MS),
  );
}

function withVoiceActivity(): SpeechEndpointer {
  const endpointer = new SpeechEndpointer();
  endpointer.useVoiceActivity();
  return endpointer;
}

/** How many ms of pushes passed before the first "ended" (the whole run when none). */
function msUntilEnded(decisions: EndpointerDecision[], stepMs: number): number {
  const index = decisions.indexOf('ended');
  return (index === -1 ? decisions.length : index + 1) * stepMs;
}

describe('the end of a spoken question', () => {
  it('a pause inside a sentence does not end it, the hangover after it does, well before 1.2 s', () => {
    const endpointer = withVoiceActivity();
    expect(pushProbability(endpointer, 0.02, 1_000)).not.toContain('ended');
    expect(pushProbability(endpointer, 0.92, 1_200)).not.toContain('ended');
    // A breath between two clauses, as long as the longest the bench's voices make (≈ 0.45 s).
    expect(pushProbability(endpointer, 0.05, 450)).not.toContain('ended');
    expect(pushProbability(endpointer, 0.88, 900)).not.toContain('ended');
    expect(endpointer.endOfSpeech).toBeNull();

    const after = pushProbability(endpointer, 0.03, END_OF_SPEECH_SILENCE_MS);
    const waited = msUntilEnded(after, FRAME_MS);
    expect(waited).toBeGreaterThanOrEqual(END_OF_SPEECH_HANGOVER_MS);
    expect(waited).toBeLessThan(END_OF_SPEECH_HANGOVER_MS + FRAME_MS);
    expect(waited).toBeLessThan(END_OF_SPEECH_SILENCE_MS);
    expect(after.slice(after.indexOf('ended'))).not.toContain('listening');
    expect(endpointer.endOfSpeech).toEqual({ by: 'voice-activity', pauseMs: waited });
    expect(END_OF_SPEECH_HANGOVER_MS).toBe(600);
  });

  it('a soft syllable (between the two thresholds) continues speech but does not start it', () => {
    const endpointer = withVoiceActivity();
    expect(pushProbability(endpointer, 0.4, NO_SPEECH_TIMEOUT_MS)).toContain('no-speech');
    expect(endpointer.hasHeardSpeech).toBe(false);

    const speaking = withVoiceActivity();
    pushProbability(speaking, 0.8, 500);
    expect(pushProbability(speaking, 0.4, 2_000)).not.toContain('ended');
    expect(msUntilEnded(pushProbability(speaking, 0.2, 1_000), FRAME_MS)).toBeLessThan(
      END_OF_SPEECH_SILENCE_MS,
    );
  });

  it('no speech is "no speech" after the timeout, however loud the room (the level no longer counts)', () => {
    const endpointer = withVoiceActivity();
    for (let ms = 0; ms < NO_SPEECH_TIMEOUT_MS - FRAME_MS; ms += FRAME_MS) {
      // A fan or a crowd: loud, and not a voice.
      expect(endpointer.pushLevel(0.3, FRAME_MS)).toBe('listening');
      expect(endpointer.pushSpeechProbability(0.1, FRAME_MS)).toBe('listening');
    }
    expect(pushProbability(endpointer, 0.1, 2 * FRAME_MS)).toContain('no-speech');
    expect(endpointer.hasHeardSpeech).toBe(false);
    expect(endpointer.endOfSpeech).toBeNull();
    // Sound that was not a voice: the question was not heard (please repeat).
    expect(endpointer.hasHeardSound).toBe(true);
    expect(endpointer.heardOnlyNoise).toBe(true);
  });

  it('a quiet microphone until the timeout heard no sound: not taken for noise', () => {
    const endpointer = withVoiceActivity();
    for (let ms = 0; ms < NO_SPEECH_TIMEOUT_MS + FRAME_MS; ms += FRAME_MS) {
      endpointer.pushLevel(0.005, FRAME_MS);
      endpointer.pushSpeechProbability(0.1, FRAME_MS);
    }
    expect(endpointer.hasHeardSound).toBe(false);
    expect(endpointer.heardOnlyNoise).toBe(false);
  });

  it('noise is not "only noise" before the timeout, nor once a voice was heard', () => {
    const early = withVoiceActivity();
    early.pushLevel(0.3, FRAME_MS);
    pushProbability(early, 0.1, NO_SPEECH_TIMEOUT_MS / 2);
    expect(early.heardOnlyNoise).toBe(false);
    const spoken = withVoiceActivity();
    spoken.pushLevel(0.3, FRAME_MS);
    pushProbability(spoken, 0.9, 500);
    pushProbability(spoken, 0.1, NO_SPEECH_TIMEOUT_MS);
    expect(spoken.heardOnlyNoise).toBe(false);
  });

  it('without the VAD, the level decides with the 1.2 s pause, and probabilities are ignored', () => {
    const endpointer = new SpeechEndpointer();
    expect(endpointer.decidesByVoiceActivity).toBe(false);
    expect(pushProbability(endpointer, 0.99, 2_000)).not.toContain('ended');
    expect(endpointer.hasHeardSpeech).toBe(false);
    pushLevel(endpointer, 0.05, 1_000);
    expect(pushLevel(endpointer, 0.001, END_OF_SPEECH_SILENCE_MS - LEVEL_STEP_MS)).not.toContain(
      'ended',
    );
    expect(endpointer.pushLevel(0.001, LEVEL_STEP_MS)).toBe('ended');
    expect(endpointer.endOfSpeech).toEqual({ by: 'level', pauseMs: END_OF_SPEECH_SILENCE_MS });
  });

  it('the VAD takes over mid-question: the pause heard so far counts, the level no longer does', () => {
    const endpointer = new SpeechEndpointer();
    pushLevel(endpointer, 0.05, 1_000);
    pushLevel(endpointer, 0.001, 400);
    endpointer.useVoiceActivity();
    expect(endpointer.decidesByVoiceActivity).toBe(true);
    expect(pushLevel(endpointer, 0.001, 2_000)).not.toContain('ended');
    const waited = msUntilEnded(pushProbability(endpointer, 0.05, 1_000), FRAME_MS);
    expect(waited).toBeLessThanOrEqual(END_OF_SPEECH_HANGOVER_MS - 400 + FRAME_MS);
    expect(endpointer.endOfSpeech?.by).toBe('voice-activity');
  });

  it('a question never runs past 29 s (MAX_SPEECH_SECONDS less a second), ended without a pause', () => {
    const endpointer = withVoiceActivity();
    const decisions = pushProbability(endpointer, 0.9, 31_000);
    expect(msUntilEnded(decisions, FRAME_MS)).toBe(Math.ceil(29_000 / FRAME_MS) * FRAME_MS);
    expect(endpointer.endOfSpeech).toBeNull();
  });
});
