import { describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '@conversa/contracts';
import { buildTranscriptCsv } from './csv';

const entry: TranscriptEntry = {
  id: 'e1',
  conversationId: 'c1',
  conversationStartedAt: '2026-03-01T09:00:00.000Z',
  storyfileId: 's1',
  storyfileName: 'Lovelace, Ada',
  questionText: 'Did you say "engine"?',
  decision: 'answered',
  answerQuestionText: 'What was the engine?',
  media: null,
  feedback: null,
  createdAt: '2026-03-01T09:01:00.000Z',
};

describe('buildTranscriptCsv', () => {
  it('writes one row per exchange, attempt by attempt, quoting commas and quotes, defusing formulas', () => {
    const csv = buildTranscriptCsv([
      {
        ...entry,
        id: 'e3',
        conversationId: 'c2',
        conversationStartedAt: '2026-03-02T10:00:00.000Z',
        storyfileName: 'Hopper',
        questionText: '=1+1',
        decision: 'fallback',
        answerQuestionText: null,
        createdAt: '2026-03-02T10:00:30.000Z',
      },
      entry,
      {
        ...entry,
        id: 'e2',
        questionText: 'And then?',
        feedback: 'down',
        createdAt: '2026-03-01T09:02:00.000Z',
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Attempt (started at),Storyfile,Asked at,Question,Answer,Rating',
      '2026-03-01T09:00:00.000Z,"Lovelace, Ada",2026-03-01T09:01:00.000Z,"Did you say ""engine""?",What was the engine?,',
      '2026-03-01T09:00:00.000Z,"Lovelace, Ada",2026-03-01T09:02:00.000Z,And then?,What was the engine?,Thumbs down',
      "2026-03-02T10:00:00.000Z,Hopper,2026-03-02T10:00:30.000Z,'=1+1,No answer (fallback),",
    ]);
  });

  it('is the header alone without exchanges', () => {
    expect(buildTranscriptCsv([])).toBe(
      'Attempt (started at),Storyfile,Asked at,Question,Answer,Rating\r\n',
    );
  });
});
