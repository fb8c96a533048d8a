import type { StoryfileDetail, StoryfileTopic } from '@conversa/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DragDropProvider } from '@/components/drag-and-drop';
import { NavigationStateProvider } from '@/components/navigation-state';
import { renderWithProviders } from '@/test/render';
import { ScriptChecklist } from './script-checklist';

// Issue 15, defect 7: on a 29-question script a keyboard user pressed Tab 184 times to reach
// Add topic. A skip control, first in the list, gets there in two key presses.
function buildStoryfile(topicCount: number, questionsPerTopic: number): StoryfileDetail {
  const topics: StoryfileTopic[] = Array.from({ length: topicCount }, (_, topicIndex) => ({
    id: `t${topicIndex}`,
    name: `Topic ${topicIndex + 1}`,
    position: topicIndex,
    sourceTopicId: null,
    questions: Array.from({ length: questionsPerTopic }, (_unused, questionIndex) => ({
      id: `q${topicIndex}-${questionIndex}`,
      topicId: `t${topicIndex}`,
      text: `Question ${questionIndex + 1} of topic ${topicIndex + 1}?`,
      alternates: [],
      position: questionIndex,
      sourceQuestionId: null,
      answerRecordedAt: null,
      queuedToRecordAt: null,
    })),
  }));
  return {
    id: '0b5d7c1e-1111-4000-8000-000000000001',
    namespaceId: '0b5d7c1e-1111-4000-8000-000000000002',
    namespaceLabel: 'north',
    name: 'Grandma Rose',
    description: '',
    language: 'en-US',
    status: 'draft',
    avatarUrl: null,
    topicCount,
    questionCount: topicCount * questionsPerTopic,
    answeredCount: 0,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    deletedAt: null,
    createdBy: null,
    updatedBy: null,
    topics,
    clips: [],
    starters: [],
  };
}

describe('ScriptChecklist keyboard', () => {
  it('reaches Add topic past 7 topics and 28 questions in two key presses', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <NavigationStateProvider>
        <DragDropProvider>
          <ScriptChecklist storyfile={buildStoryfile(7, 4)} isEditable />
        </DragDropProvider>
      </NavigationStateProvider>,
    );
    await user.tab();
    const skip = screen.getByRole('button', { name: 'Skip the 7 topics to Add topic' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'New topic name' })).toHaveFocus();
  }, 30_000);

  it('offers no skip to a reader, who cannot add topics', () => {
    renderWithProviders(
      <NavigationStateProvider>
        <DragDropProvider>
          <ScriptChecklist storyfile={buildStoryfile(7, 4)} isEditable={false} />
        </DragDropProvider>
      </NavigationStateProvider>,
    );
    expect(screen.queryByRole('button', { name: /Skip/ })).toBeNull();
  });
});
