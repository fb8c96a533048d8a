import {
  CLIP_KIND_LABELS,
  CLIP_KINDS,
  DEFAULT_CLIP_PROMPTS,
  type StoryfileDetail,
} from '@conversa/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  installFakeMediaDevices,
  installFakeRecorder,
  uninstallFakeMediaDevices,
} from '@/test/fake-media';
import { renderWithProviders } from '@/test/render';
import { RecordTab, type RecordTabProps } from './record-tab';

const RECORDED = '2026-11-01T10:00:00.000Z';

function buildStoryfile(
  questions: { id: string; text: string; isRecorded?: boolean }[],
  overrides: Partial<StoryfileDetail> = {},
): StoryfileDetail {
  return {
    id: 'sf-1',
    namespaceId: 'ns-1',
    namespaceLabel: 'acme',
    name: 'Grandma Rose',
    description: '',
    language: 'en-US',
    status: 'recording',
    avatarUrl: null,
    topicCount: 1,
    questionCount: questions.length,
    answeredCount: questions.filter((question) => question.isRecorded).length,
    createdAt: RECORDED,
    updatedAt: RECORDED,
    deletedAt: null,
    createdBy: null,
    updatedBy: null,
    topics:
      questions.length === 0
        ? []
        : [
            {
              id: 'topic-1',
              name: 'Childhood',
              position: 0,
              sourceTopicId: null,
              questions: questions.map((question, index) => ({
                id: question.id,
                topicId: 'topic-1',
                text: question.text,
                alternates: [],
                position: index,
                sourceQuestionId: null,
                answerRecordedAt: question.isRecorded ? RECORDED : null,
                queuedToRecordAt: null,
              })),
            },
          ],
    clips: CLIP_KINDS.map((kind) => ({
      kind,
      label: CLIP_KIND_LABELS[kind],
      prompt: DEFAULT_CLIP_PROMPTS[kind],
      recordedAt: null,
    })),
    starters: [],
    ...overrides,
  };
}

const THREE = buildStoryfile([
  { id: 'q1', text: 'Where did you grow up?' },
  { id: 'q2', text: 'What was your first job?' },
  { id: 'q3', text: 'Who taught you to read?' },
]);

let media: ReturnType<typeof installFakeMediaDevices>;

beforeEach(() => {
  vi.useFakeTimers();
  media = installFakeMediaDevices();
  installFakeRecorder();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  uninstallFakeMediaDevices();
});

/**
 * Lets time pass in small steps, each in its own act, so timers that effects set after a
 * render (the countdown's next tick) run too; also settles the fake camera's promise.
 */
async function settle(milliseconds = 0) {
  const STEP = 100;
  let left = milliseconds;
  do {
    const step = Math.min(STEP, left);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(step);
    });
    left -= step;
  } while (left > 0);
}

async function renderTab(props: Partial<RecordTabProps> = {}, path = '/') {
  const onKeepTake = vi.fn<RecordTabProps['onKeepTake']>();
  const view = renderWithProviders(
    <>
      <input aria-label="Notes" />
      <RecordTab storyfile={THREE} isEditable onKeepTake={onKeepTake} {...props} />
    </>,
    { path },
  );
  await settle();
  return { ...view, onKeepTake };
}

const teleprompter = () => screen.getByRole('region', { name: 'Teleprompter' });
const sidebar = () => screen.getByRole('navigation', { name: 'Questions and clips' });

async function recordTake(seconds: number) {
  fireEvent.click(screen.getByRole('button', { name: /^Record/ }));
  expect(screen.getByRole('status', { name: 'Recording starts in 3' })).toBeInTheDocument();
  await settle(3000);
  await settle(seconds * 1000);
  fireEvent.click(screen.getByRole('button', { name: /^Stop/ }));
  await settle();
}

describe('RecordTab', () => {
  // Issue 68: Record next's "Record it" links to `?tab=record&question=<id>`.
  it('opens on the question a link names, and on the first to record for one not in the script', async () => {
    const view = await renderTab({}, '/?tab=record&question=q3');
    expect(teleprompter()).toHaveTextContent('Question 3 of 3');
    expect(teleprompter()).toHaveTextContent('Who taught you to read?');
    view.unmount();
    await renderTab({}, '/?tab=record&question=gone');
    expect(teleprompter()).toHaveTextContent('Where did you grow up?');
  });

  it('shows the camera and the first question to answer with its topic', async () => {
    await renderTab();
    expect(screen.getByTestId('camera-preview')).toBeInTheDocument();
    expect(teleprompter()).toHaveTextContent('Question 1 of 3');
    expect(teleprompter()).toHaveTextContent('Topic: Childhood');
    expect(teleprompter()).toHaveTextContent('Where did you grow up?');
    const groups = within(sidebar()).getAllByRole('heading', { level: 3 });
    expect(groups.map((heading) => heading.textContent)).toEqual(['Childhood', 'Clips']);
    for (const label of ['Idle loop', 'Intro', 'Cannot answer', 'Please repeat']) {
      expect(within(sidebar()).getByRole('button', { name: new RegExp(label) })).toHaveTextContent(
        'Not recorded',
      );
    }
    expect(screen.getByLabelText('Camera')).toHaveValue('cam-1');
    expect(within(screen.getByLabelText('Camera')).getAllByRole('option')).toHaveLength(2);
  });

  it('records after a countdown, plays the take back, and keeps it for the upload', async () => {
    const { onKeepTake } = await renderTab();
    fireEvent.click(screen.getByRole('button', { name: /^Record/ }));
    expect(screen.getByRole('status', { name: 'Recording starts in 3' })).toBeInTheDocument();
    await settle(2000);
    expect(screen.getByRole('status', { name: 'Recording starts in 1' })).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    await settle(1000);
    await settle(2000);
    expect(screen.getByRole('timer', { name: 'Recording time' })).toHaveTextContent('0:02');
    // Choosing another question mid-take is locked.
    expect(
      within(sidebar()).getByRole('button', { name: /What was your first job/ }),
    ).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: /^Stop/ }));
    await settle();

    const take = screen.getByTestId('take-preview');
    expect(take).toHaveAttribute('src', 'blob:take-1');
    // Moving on waits until the take is kept or discarded.
    expect(screen.queryByRole('button', { name: /^Next/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^Keep/ }));

    expect(onKeepTake).toHaveBeenCalledTimes(1);
    const kept = onKeepTake.mock.calls[0]![0];
    expect(kept.target).toEqual({
      kind: 'question',
      questionId: 'q1',
      topicName: 'Childhood',
      questionText: 'Where did you grow up?',
    });
    expect(kept.mimeType).toBe('video/webm');
    expect(kept.blob.size).toBeGreaterThan(0);
    expect(kept.filename).toMatch(/^where-did-you-grow-up-\d{8}-\d{6}\.webm$/);
    expect(teleprompter()).toHaveTextContent('What was your first job?');
    expect(
      within(sidebar()).getByRole('button', { name: /Where did you grow up/ }),
    ).toHaveTextContent('Take kept');
    expect(screen.queryByTestId('take-preview')).not.toBeInTheDocument();
  });

  it('retake records again and discard asks first', async () => {
    const { onKeepTake } = await renderTab();
    await recordTake(1);
    fireEvent.click(screen.getByRole('button', { name: /^Retake/ }));
    expect(screen.getByRole('status', { name: 'Recording starts in 3' })).toBeInTheDocument();
    await settle(3000);
    fireEvent.click(screen.getByRole('button', { name: /^Stop/ }));
    await settle();
    expect(screen.getByTestId('take-preview')).toHaveAttribute('src', 'blob:take-2');

    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard this take?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard take' }));
    expect(screen.queryByTestId('take-preview')).not.toBeInTheDocument();
    expect(onKeepTake).not.toHaveBeenCalled();
    expect(teleprompter()).toHaveTextContent('Where did you grow up?');
  });

  it('works from the keyboard, but not while typing', async () => {
    const { onKeepTake } = await renderTab();
    fireEvent.keyDown(window, { key: 'n' });
    expect(teleprompter()).toHaveTextContent('What was your first job?');
    fireEvent.keyDown(window, { key: 'p' });
    expect(teleprompter()).toHaveTextContent('Where did you grow up?');

    fireEvent.keyDown(screen.getByLabelText('Notes'), { key: 'r' });
    expect(screen.queryByRole('status', { name: /Recording starts in/ })).not.toBeInTheDocument();

    fireEvent.keyDown(window, { key: 'r' });
    expect(screen.getByRole('status', { name: 'Recording starts in 3' })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('status', { name: /Recording starts in/ })).not.toBeInTheDocument();
    await settle(5000);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();

    fireEvent.keyDown(window, { key: 'r' });
    await settle(4000);
    fireEvent.keyDown(window, { key: 'n' });
    expect(teleprompter()).toHaveTextContent('Where did you grow up?');
    fireEvent.keyDown(window, { key: 'r' });
    await settle();
    fireEvent.keyDown(window, { key: 'k' });
    expect(onKeepTake).toHaveBeenCalledTimes(1);
    expect(teleprompter()).toHaveTextContent('What was your first job?');
  });

  it('shows live upload states and skips targets already on their way', async () => {
    const states: Record<
      string,
      ReturnType<NonNullable<RecordTabProps['getTargetUploadState']>>
    > = {
      'question:q1': { phase: 'uploading', percentage: 42, error: null },
      'question:q2': { phase: 'processing', percentage: 100, error: null },
      'clip:intro': { phase: 'failed', percentage: 100, error: 'This video is empty (0 seconds).' },
    };
    await renderTab({ getTargetUploadState: (key) => states[key] });
    const list = within(sidebar());
    expect(list.getByRole('button', { name: /Where did you grow up/ })).toHaveTextContent(
      '42% Uploading',
    );
    expect(list.getByText('42% Uploading')).toHaveAttribute('title', 'Video uploading to server');
    expect(list.getByRole('button', { name: /What was your first job/ })).toHaveTextContent(
      'Processing',
    );
    expect(list.getByRole('button', { name: /Intro/ })).toHaveTextContent(
      'Upload failed: This video is empty (0 seconds).',
    );
    // The first question that still needs a take.
    expect(teleprompter()).toHaveTextContent('Who taught you to read?');

    fireEvent.click(list.getByLabelText('Only unrecorded'));
    expect(list.queryByRole('button', { name: /Where did you grow up/ })).not.toBeInTheDocument();
    expect(list.getByRole('button', { name: /Intro/ })).toBeInTheDocument();
  });

  it('shows a clip with what to say, chosen from the list', async () => {
    await renderTab();
    fireEvent.click(within(sidebar()).getByRole('button', { name: /Cannot answer/ }));
    expect(teleprompter()).toHaveTextContent('Clip · Cannot answer');
    expect(teleprompter()).toHaveTextContent(DEFAULT_CLIP_PROMPTS.cannotAnswer);
  });

  it('says how to fix a refused camera, and tries again', async () => {
    uninstallFakeMediaDevices();
    media = installFakeMediaDevices({ failWith: { name: 'NotAllowedError' } });
    await renderTab();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The browser is not allowed to use your camera and microphone.',
    );
    expect(screen.getByRole('button', { name: /^Record/ })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(media.getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('turns the camera off when the tab goes away', async () => {
    const { unmount } = await renderTab();
    expect(media.streams.length).toBeGreaterThan(0);
    unmount();
    for (const stream of media.streams) {
      expect(stream.getTracks().map((track) => track.readyState)).toEqual(['ended', 'ended']);
    }
  });

  it('points to the Script tab when there are no questions, and can record the clips', async () => {
    await renderTab({ storyfile: buildStoryfile([]) });
    expect(
      screen.getByRole('heading', { name: 'This script has no questions yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the Script tab' })).toHaveAttribute(
      'href',
      '/storyfiles/sf-1',
    );
    expect(media.getUserMedia).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Record the clips' }));
    await settle();
    expect(teleprompter()).toHaveTextContent('Clip · Idle loop');
  });

  it('lets a viewer look through the questions without any recording control', async () => {
    await renderTab({ isEditable: false });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You need to be at least "Content Creator" to record answers.',
    );
    expect(teleprompter()).toHaveTextContent('Where did you grow up?');
    expect(screen.queryByRole('button', { name: /^Record/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('camera-preview')).not.toBeInTheDocument();
    expect(media.getUserMedia).not.toHaveBeenCalled();
  });
});
