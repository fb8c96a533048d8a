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
});
