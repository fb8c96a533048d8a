import type { StoryfileDetail } from '@conversa/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { VideoUploadsContext } from '../hooks/use-video-uploads';
import type { VideoUploadEngine } from '../utils/upload-engine';
import { BulkUploadPanel } from './bulk-upload-panel';

const storyfile = {
  id: 's-1',
  name: 'Grandma Rose',
  topics: [
    {
      id: 't-1',
      name: 'Childhood',
      position: 0,
      sourceTopicId: null,
      questions: [
        { id: 'q-1', text: 'Where were you born?', answerRecordedAt: '2024-01-01T00:00:00.000Z' },
        { id: 'q-2', text: 'Siblings?', answerRecordedAt: null },
        { id: 'q-3', text: 'First school?', answerRecordedAt: null },
      ],
    },
  ],
  clips: [
    { kind: 'idle', label: 'Idle loop', prompt: '', recordedAt: null },
    { kind: 'intro', label: 'Intro', prompt: '', recordedAt: null },
    { kind: 'cannotAnswer', label: 'Cannot answer', prompt: '', recordedAt: null },
    { kind: 'pleaseRepeat', label: 'Please repeat', prompt: '', recordedAt: null },
  ],
} as unknown as StoryfileDetail;

function renderPanel(isEditable = true) {
  const engine = { start: vi.fn() } as unknown as VideoUploadEngine;
  renderWithProviders(
    <VideoUploadsContext.Provider value={{ engine, entries: [] }}>
      <BulkUploadPanel storyfile={storyfile} isEditable={isEditable} />
    </VideoUploadsContext.Provider>,
  );
  return engine;
}

const video = (name: string) => new File(['v'], name, { type: 'video/mp4' });

describe('BulkUploadPanel', () => {
  it('pre-chooses a target only where the file name names it, says so, and starts them all', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const engine = renderPanel();
    await user.upload(screen.getByLabelText('Choose video files'), [
      video('siblings.mp4'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
      video('first_school.mp4'),
      video('c.mp4'),
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'notes.txt: Only video files can be uploaded here',
    );
    const rows = within(screen.getByRole('list', { name: 'Files to upload' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(3);
    expect(screen.getByLabelText('What siblings.mp4 answers')).toHaveValue('question:q-2');
    expect(screen.getByLabelText('What first_school.mp4 answers')).toHaveValue('question:q-3');
    expect(screen.getAllByText('Matched by its file name.')).toHaveLength(2);
    // No name to go by: no guess from the order of questions, the person must choose.
    expect(screen.getByLabelText('What c.mp4 answers')).toHaveValue('');
    expect(screen.getByText('Choose what this video answers.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload 3 videos' })).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('What c.mp4 answers'), 'clip:intro');
    await user.click(screen.getByRole('button', { name: 'Remove first_school.mp4' }));
    await user.click(screen.getByRole('button', { name: 'Upload 2 videos' }));
    expect(engine.start).toHaveBeenCalledTimes(2);
    expect(engine.start).toHaveBeenCalledWith(
      expect.objectContaining({
        storyfileId: 's-1',
        storyfileName: 'Grandma Rose',
        filename: 'siblings.mp4',
        target: {
          kind: 'question',
          questionId: 'q-2',
          topicName: 'Childhood',
          questionText: 'Siblings?',
        },
      }),
    );
    expect(engine.start).toHaveBeenCalledWith(
      expect.objectContaining({
        filename: 'c.mp4',
        target: { kind: 'clip', clipKind: 'intro', label: 'Intro' },
      }),
    );
    expect(screen.queryByRole('list', { name: 'Files to upload' })).toBeNull();
  });

  it('refuses two files on one question', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.upload(screen.getByLabelText('Choose video files'), [
      video('a.mp4'),
      video('b.mp4'),
    ]);
    await user.selectOptions(screen.getByLabelText('What a.mp4 answers'), 'question:q-2');
    await user.selectOptions(screen.getByLabelText('What b.mp4 answers'), 'question:q-2');
    expect(screen.getByText('a.mp4 already answers this; choose another.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload 2 videos' })).toBeDisabled();
  });

  it('shows nothing to viewers', () => {
    renderPanel(false);
    expect(screen.queryByText('Upload existing videos')).toBeNull();
    expect(screen.queryByLabelText('Choose video files')).toBeNull();
  });

  it('shows the panel and its file chooser to editors', () => {
    renderPanel(true);
    expect(screen.getByText('Upload existing videos')).toBeInTheDocument();
    expect(screen.getByLabelText('Choose video files')).toBeInTheDocument();
  });
});
