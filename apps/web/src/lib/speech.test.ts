import { describe, expect, it } from 'vitest';
import { getSpeechErrorOutcome, getSpeechRecognition } from './speech';

describe('speech recognition support', () => {
  it('finds the standard or the prefixed constructor, or nothing', () => {
    class Standard {}
    class Prefixed {}
    expect(getSpeechRecognition({ SpeechRecognition: Standard })).toBe(Standard);
    expect(getSpeechRecognition({ webkitSpeechRecognition: Prefixed })).toBe(Prefixed);
    expect(getSpeechRecognition({})).toBeUndefined();
  });

  it('asks speech it could not transcribe as unintelligible, and explains microphone problems', () => {
    expect(getSpeechErrorOutcome('no-match')).toEqual({ action: 'askUnintelligible' });
    expect(getSpeechErrorOutcome('aborted')).toEqual({ action: 'ignore' });
    expect(getSpeechErrorOutcome('not-allowed')).toEqual({
      action: 'show',
      message: 'The microphone is blocked. Allow it in the browser, or type your question.',
    });
    expect(getSpeechErrorOutcome('no-speech').action).toBe('show');
  });

  // Issue 15, defect 9: with a working microphone the player said "No microphone was found".
  it('names the speech service, not the microphone, when the microphone is there', () => {
    expect(getSpeechErrorOutcome('audio-capture', true)).toEqual({
      action: 'show',
      message:
        "Your microphone is there, but this browser's speech service could not listen through it. Type your question instead.",
    });
    expect(getSpeechErrorOutcome('audio-capture', false)).toEqual({
      action: 'show',
      message: 'No microphone was found. Type your question instead.',
    });
    for (const error of ['service-not-allowed', 'network', 'language-not-supported']) {
      const outcome = getSpeechErrorOutcome(error);
      expect(outcome.action).toBe('show');
      expect(outcome.action === 'show' && outcome.message).toMatch(/speech service/);
      expect(outcome.action === 'show' && outcome.message).not.toMatch(/microphone/i);
    }
  });
});
