import type { TranscriptEntry } from '@conversa/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Transcript } from './transcript';

const entry = (id: string, feedback: TranscriptEntry['feedback']): TranscriptEntry => ({
  id,
  conversationId: 'c1',
  conversationStartedAt: '2026-03-01T09:00:00.000Z',
  storyfileId: 's1',
  storyfileName: 'Ada Lovelace',
  questionText: `Question ${id}`,
  decision: 'answered',
  answerQuestionText: `Question ${id}`,
  media: null,
  feedback,
  createdAt: '2026-03-01T09:01:00.000Z',
});

describe('Transcript', () => {
  // Issue 54, item 7: the teacher following a student saw none of the student's ratings.
  it("shows the student's rating of each answer they rated", () => {
    render(<Transcript entries={[entry('1', 'up'), entry('2', 'down'), entry('3', null)]} />);
    const attempt = screen.getByRole('list', { name: 'Attempt 1: Ada Lovelace' });
    const [up, down, none] = within(attempt).getAllByRole('listitem');
    expect(up).toHaveTextContent('Rated thumbs up');
    expect(down).toHaveTextContent('Rated thumbs down');
    expect(none).not.toHaveTextContent(/Rated thumbs/);
  });
});
