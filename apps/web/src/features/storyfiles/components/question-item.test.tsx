import type { StoryfileQuestion, StoryfileTopic } from '@conversa/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { QuestionItem } from './question-item';

const question: StoryfileQuestion = {
  id: 'q1',
  topicId: 't1',
  text: 'Do you have children?',
  alternates: ['Any kids?'],
  position: 0,
  sourceQuestionId: null,
  answerRecordedAt: null,
  queuedToRecordAt: null,
};
const topic: StoryfileTopic = {
  id: 't1',
  name: 'Family',
  position: 0,
  sourceTopicId: null,
  questions: [question],
};

function renderItem() {
  const onSaveAlternates = vi.fn();
  renderWithProviders(
    <QuestionItem
      question={question}
      topic={topic}
      number="1.1"
      isEditable
      dragHandleProps={null}
      isSaving={false}
      onSaveText={vi.fn()}
      onSaveAlternates={onSaveAlternates}
      onDelete={vi.fn()}
    />,
  );
  return { onSaveAlternates };
}

// Issue 15, defect 9: an alternate equal to one the question already has was dropped silently.
describe('QuestionItem alternates', () => {
  it.each([
    ['  any KIDS ', '"any KIDS" is already an alternate phrasing of this question.'],
    [
      'do you have children',
      '"do you have children" is the question itself; an alternate phrasing asks it another way.',
    ],
  ])('says why %j is not added, and sends nothing', async (typed, message) => {
    const user = userEvent.setup();
    const { onSaveAlternates } = renderItem();
    await user.click(screen.getByRole('button', { name: '1 alternate' }));
    const field = screen.getByRole('textbox', { name: 'New alternate for Do you have children?' });
    await user.type(field, `${typed}{Enter}`);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(message);
    expect(onSaveAlternates).not.toHaveBeenCalled();
    await user.type(field, '?');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('adds a new phrasing after the ones it has', async () => {
    const user = userEvent.setup();
    const { onSaveAlternates } = renderItem();
    await user.click(screen.getByRole('button', { name: '1 alternate' }));
    await user.type(
      screen.getByRole('textbox', { name: 'New alternate for Do you have children?' }),
      'Are you a parent?{Enter}',
    );
    expect(onSaveAlternates).toHaveBeenCalledWith(
      ['Any kids?', 'Are you a parent?'],
      expect.any(Function),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
