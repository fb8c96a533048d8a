import type { StoryfileDetail, StoryfileTopic } from '@conversa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DragDropProvider } from '@/components/drag-and-drop';
import { NavigationStateProvider } from '@/components/navigation-state';
import { renderWithProviders } from '@/test/render';
import { useStoryfile } from '../api/get-storyfile';
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

// Issue 32, item 11: after Add topic, focus fell to the page body; and reaching "Add a question"
// in topic 7 took 215 Tab presses.
afterEach(() => vi.unstubAllGlobals());

/** The checklist as the Script tab shows it: fed by the storyfile query, so an add refreshes it. */
function LiveChecklist({ id }: { id: string }) {
  const storyfile = useStoryfile(id);
  return storyfile.data === undefined ? null : (
    <ScriptChecklist storyfile={storyfile.data} isEditable />
  );
}

describe('ScriptChecklist focus and skip path', () => {
  it('moves focus to the new topic’s name after Add topic', async () => {
    let storyfile = buildStoryfile(2, 1);
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://studio');
        if (init?.method === 'POST' && url.pathname.endsWith('/topics')) {
          const { name } = JSON.parse(init.body as string) as { name: string };
          const topic: StoryfileTopic = {
            id: 'new-topic',
            name,
            position: storyfile.topics.length,
            sourceTopicId: null,
            questions: [],
          };
          storyfile = { ...storyfile, topics: [...storyfile.topics, topic] };
          return Promise.resolve(Response.json(topic, { status: 201 }));
        }
        if (url.pathname === `/v1/conversa/storyfiles/${storyfile.id}`) {
          return Promise.resolve(Response.json(storyfile));
        }
        return Promise.resolve(
          Response.json({ items: [], page: 1, pageSize: 30, total: 0, pageCount: 1 }),
        );
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <NavigationStateProvider>
        <DragDropProvider>
          <LiveChecklist id={storyfile.id} />
        </DragDropProvider>
      </NavigationStateProvider>,
    );
    await user.type(await screen.findByRole('textbox', { name: 'New topic name' }), 'Childhood');
    await user.click(screen.getByRole('button', { name: 'Add topic' }));
    const name = await screen.findByRole('button', { name: 'Topic name: Childhood. Edit' });
    await waitFor(() => expect(name).toHaveFocus());
  }, 30_000);

  it('reaches "Add a question" of topic 7 in two Tabs and a few keys, past every question before it', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <NavigationStateProvider>
        <DragDropProvider>
          <ScriptChecklist storyfile={buildStoryfile(7, 4)} isEditable />
        </DragDropProvider>
      </NavigationStateProvider>,
    );
    await user.tab();
    await user.tab();
    const jump = screen.getByRole('toolbar', { name: 'Add a question to a topic' });
    expect(
      within(jump).getByRole('button', { name: 'Add a question to 1. Topic 1' }),
    ).toHaveFocus();
    await user.keyboard('{End}');
    expect(
      within(jump).getByRole('button', { name: 'Add a question to 7. Topic 7' }),
    ).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowRight}{Enter}');
    expect(screen.getByRole('textbox', { name: 'New question in Topic 7' })).toHaveFocus();
  }, 60_000);

  it('keeps the topics one Tab stop: the next Tab leaves the bar', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <NavigationStateProvider>
        <DragDropProvider>
          <ScriptChecklist storyfile={buildStoryfile(7, 2)} isEditable />
        </DragDropProvider>
      </NavigationStateProvider>,
    );
    await user.tab();
    await user.tab();
    const jump = screen.getByRole('toolbar', { name: 'Add a question to a topic' });
    expect(jump).toContainElement(document.activeElement as HTMLElement);
    await user.tab();
    // Past the bar in one Tab, whichever of topic 1's controls comes first.
    expect(jump).not.toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole('listitem', { name: 'Topic: Topic 1' })).toContainElement(
      document.activeElement as HTMLElement,
    );
  }, 60_000);
});
