import { act, render, screen } from '@testing-library/react';
import type { InkStory, InkVersion } from '@conversa/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createPendingEdit } from '../utils/pending-edit';
import { StoryToolbar } from './story-toolbar';

const SAVED: InkVersion = {
  id: 'version-3',
  number: 3,
  hasErrors: false,
  errorCount: 0,
  warningCount: 0,
  restoredFromNumber: null,
  isPublished: false,
  createdAt: '2026-11-25T12:00:00.000Z',
  createdByName: 'Ada Author',
  stats: { words: 2, knots: 1, stitches: 0, choices: 0 },
  source: 'Hello!\n-> END\n',
  messages: [],
  compiledJson: '{}',
};

const STORY: InkStory = {
  storyfileId: 'storyfile-1',
  storyfileName: 'Grandmother',
  namespaceId: 'namespace-1',
  latest: SAVED,
  publishedNumber: 2,
  publishedAt: '2026-11-24T12:00:00.000Z',
  versions: [SAVED],
  questions: [],
  recordedClips: [],
};

function renderToolbar(pendingEdit = createPendingEdit(), canEdit = true) {
  const onPublish = vi.fn<(number: number) => void>();
  render(
    <StoryToolbar
      story={STORY}
      canEdit={canEdit}
      pendingEdit={pendingEdit}
      hasUnsavedSource={false}
      isCompiling={false}
      compiledInMs={41.6}
      isSaving={false}
      isPublishing={false}
      isUnpublishing={false}
      onSave={vi.fn()}
      onPublish={onPublish}
      onUnpublish={vi.fn()}
    />,
  );
  return { pendingEdit, onPublish };
}

describe('StoryToolbar', () => {
  it('shows the saved version, publishes it, and says how long the compile took', () => {
    const { onPublish } = renderToolbar();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Published: version 2 · saved as version 3',
    );
    expect(screen.getByText('Compiled in 42 ms')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Publish version 3' }).click());
    expect(onPublish).toHaveBeenCalledWith(3);
  });

  it('shows typing the editor has not yet handed over as unsaved and compiling', () => {
    const { pendingEdit } = renderToolbar();

    act(() => pendingEdit.set(true));
    expect(screen.getByRole('status')).toHaveTextContent('Published: version 2 · unsaved changes');
    expect(screen.getByText('Compiling…')).toBeInTheDocument();
    // Unsaved typing is not what "Publish version 3" would publish.
    expect(screen.queryByRole('button', { name: 'Publish version 3' })).not.toBeInTheDocument();

    act(() => pendingEdit.set(false));
    expect(screen.getByRole('status')).toHaveTextContent('saved as version 3');
    expect(screen.getByText('Compiled in 42 ms')).toBeInTheDocument();
  });

  it('offers a reader where the story stands, without Save, Publish or Unpublish (issue 68, item 10)', () => {
    renderToolbar(createPendingEdit(), false);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Published: version 2 · saved as version 3',
    );
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
