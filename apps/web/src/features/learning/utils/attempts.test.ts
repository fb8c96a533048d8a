import { describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '@conversa/contracts';
import { groupTranscriptByAttempt } from './attempts';

function buildEntry(fields: Partial<TranscriptEntry> & { id: string }): TranscriptEntry {
  return {
    conversationId: 'c1',
    conversationStartedAt: '2026-03-01T09:00:00.000Z',
    storyfileId: 's1',
    storyfileName: 'Ada Lovelace',
    questionText: 'Where did you grow up?',
    decision: 'answered',
    answerQuestionText: 'Where did you grow up?',
    media: null,
    feedback: null,
    createdAt: '2026-03-01T09:01:00.000Z',
    ...fields,
  };
}

describe('groupTranscriptByAttempt', () => {
  it('gives no attempt for no exchange', () => {
    expect(groupTranscriptByAttempt([])).toEqual([]);
  });

  it('groups exchanges by conversation, oldest attempt first, each in the order asked', () => {
    const laterAttempt = {
      conversationId: 'c2',
      conversationStartedAt: '2026-03-02T10:00:00.000Z',
      storyfileId: 's2',
      storyfileName: 'Grace Hopper',
    };
    // The second attempt's conversation began before its first question (an ink story opened it).
    const openedEarly = {
      conversationId: 'c3',
      conversationStartedAt: '2026-03-01T08:00:00.000Z',
    };
    const attempts = groupTranscriptByAttempt([
      buildEntry({ id: 'e1', createdAt: '2026-03-01T09:01:00.000Z' }),
      buildEntry({ id: 'e2', ...laterAttempt, createdAt: '2026-03-02T10:05:00.000Z' }),
      buildEntry({ id: 'e3', createdAt: '2026-03-01T09:02:00.000Z' }),
      buildEntry({ id: 'e4', ...laterAttempt, createdAt: '2026-03-02T10:01:00.000Z' }),
      buildEntry({ id: 'e5', ...openedEarly, createdAt: '2026-03-01T09:30:00.000Z' }),
    ]);
    expect(
      attempts.map((attempt) => [
        attempt.conversationId,
        attempt.startedAt,
        attempt.storyfileName,
        attempt.entries.map((entry) => entry.id),
      ]),
    ).toEqual([
      ['c3', '2026-03-01T08:00:00.000Z', 'Ada Lovelace', ['e5']],
      ['c1', '2026-03-01T09:00:00.000Z', 'Ada Lovelace', ['e1', 'e3']],
      ['c2', '2026-03-02T10:00:00.000Z', 'Grace Hopper', ['e4', 'e2']],
    ]);
  });
});
