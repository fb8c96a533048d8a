import type { CurrentUser, StoryfileDetail, StoryfilePackageJob } from '@conversa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavigationStateProvider } from '@/components/navigation-state';
import { renderWithProviders } from '@/test/render';
import { buildMember } from '@/test/users';
import { StoryfileDetailScreen } from './storyfile-detail-screen';

// Issue 31, storyfile packages, on the storyfile screen: "Export package" starts the export job,
// shows its percent and step while it runs, then the download through the signed link (still
// there after leaving and coming back); "Duplicate storyfile" makes a copy and opens it.

const NORTH = '11111111-1111-4111-8111-111111111111';
const STORYFILE = '22222222-2222-4222-8222-222222222222';
const COPY = '33333333-3333-4333-8333-333333333333';
const JOB = '44444444-4444-4444-8444-444444444444';
const LONG_NAME = `Grandma Rose ${'r'.repeat(107)}`;
const editor: CurrentUser = buildMember({ id: NORTH, label: 'north', scope: 'edit:ns' });
const viewer: CurrentUser = buildMember({ id: NORTH, label: 'north', scope: 'read:ns' });

function buildDetail(overrides: Partial<StoryfileDetail> = {}): StoryfileDetail {
  return {
    id: STORYFILE,
    namespaceId: NORTH,
    namespaceLabel: 'north',
    name: 'Grandma Rose',
    description: '',
    language: 'en-US',
    status: 'draft',
    avatarUrl: null,
    topicCount: 0,
    questionCount: 0,
    answeredCount: 0,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    deletedAt: null,
    createdBy: null,
    updatedBy: null,
    topics: [],
    clips: [],
    starters: [],
    ...overrides,
  };
}

function buildJob(overrides: Partial<StoryfilePackageJob>): StoryfilePackageJob {
  return {
    id: JOB,
    kind: 'export',
    state: 'queued',
    progress: 0,
    step: '',
    namespaceId: NORTH,
    storyfileId: STORYFILE,
    storyfileName: 'Grandma Rose',
    downloadUrl: null,
    downloadExpiresAt: null,
    fileName: null,
    sizeBytes: null,
    error: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
let detail: StoryfileDetail;
let jobAnswers: StoryfilePackageJob[];
let exportAnswer: () => Response;

beforeEach(() => {
  calls = [];
  detail = buildDetail();
  jobAnswers = [];
  exportAnswer = () => Response.json(buildJob({}), { status: 202 });
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://studio');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      calls.push({ method, path: url.pathname, body });
      if (method === 'POST' && url.pathname.endsWith(`/storyfiles/${STORYFILE}/export`)) {
        return Promise.resolve(exportAnswer());
      }
      if (method === 'POST' && url.pathname.endsWith(`/storyfiles/${STORYFILE}/duplicate`)) {
        const name = (body as { name?: string }).name ?? `${detail.name} (copy)`;
        return Promise.resolve(Response.json(buildDetail({ id: COPY, name }), { status: 201 }));
      }
      if (url.pathname.endsWith(`/storyfile-packages/jobs/${JOB}`)) {
        const next = jobAnswers.length > 1 ? jobAnswers.shift()! : jobAnswers[0]!;
        return Promise.resolve(Response.json(next));
      }
      if (url.pathname.endsWith(`/storyfiles/${STORYFILE}`)) {
        return Promise.resolve(Response.json(detail));
      }
      if (url.pathname.endsWith(`/storyfiles/${COPY}`)) {
        return Promise.resolve(Response.json(buildDetail({ id: COPY })));
      }
      if (url.pathname.endsWith('/nameTaken')) {
        return Promise.resolve(Response.json({ unique: true }));
      }
      return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderScreen(user: CurrentUser = editor) {
  return renderWithProviders(
    <NavigationStateProvider>
      <StoryfileDetailScreen user={user} id={STORYFILE} />
    </NavigationStateProvider>,
    {
      path: `/storyfiles/${STORYFILE}`,
    },
  );
}

describe('Export package', () => {
  it('shows the job’s percent and step, then the download, and keeps it after leaving and coming back', async () => {
    const person = userEvent.setup();
    jobAnswers = [
      buildJob({ state: 'running', progress: 40, step: 'Packing media/answer-3.mp4 (4 of 12)' }),
      buildJob({
        state: 'done',
        progress: 100,
        step: 'Done',
        downloadUrl: '/media/packages/grandma-rose.zip?signature=abc',
        downloadExpiresAt: '2099-01-05T11:00:00.000Z',
        fileName: 'Grandma Rose.zip',
        sizeBytes: 52_428_800,
      }),
    ];
    const first = renderScreen();
    const actions = await screen.findByRole('group', { name: 'Storyfile actions' });
    await person.click(within(actions).getByRole('button', { name: 'Export package' }));

    expect(
      await screen.findByText('Working: 40% · Packing media/answer-3.mp4 (4 of 12)'),
    ).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    // While it runs, the button cannot start a second export; focus went to the export's panel.
    expect(within(actions).getByRole('button', { name: 'Export package' })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Package of “Grandma Rose”' })).toHaveFocus();

    const download = await screen.findByRole('link', { name: 'Download package' });
    expect(download).toHaveAttribute('href', '/media/packages/grandma-rose.zip?signature=abc');
    expect(download).toHaveAttribute('download', 'Grandma Rose.zip');
    expect(screen.getByText(/The package is ready \(50 MB\)/)).toBeVisible();
    expect(calls.filter((call) => call.path.endsWith('/export'))).toHaveLength(1);

    // Leaving the storyfile and coming back: the export is still there.
    first.unmount();
    renderScreen();
    expect(await screen.findByRole('link', { name: 'Download package' })).toHaveAttribute(
      'href',
      '/media/packages/grandma-rose.zip?signature=abc',
    );
    await person.click(screen.getByRole('button', { name: 'Close the export' }));
    expect(screen.queryByRole('link', { name: 'Download package' })).not.toBeInTheDocument();
  });

  it('says in words why the export could not start or failed', async () => {
    const person = userEvent.setup();
    exportAnswer = () =>
      Response.json(
        {
          error: 'Conflict',
          message: 'This storyfile is already being exported.',
          statusCode: 409,
        },
        { status: 409 },
      );
    renderScreen();
    await person.click(await screen.findByRole('button', { name: 'Export package' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The export could not start: This storyfile is already being exported.',
    );
    await person.click(screen.getByRole('button', { name: 'Dismiss' }));

    exportAnswer = () => Response.json(buildJob({}), { status: 202 });
    jobAnswers = [
      buildJob({ state: 'failed', error: 'The video of “Where were you born?” is missing.' }),
    ];
    await person.click(screen.getByRole('button', { name: 'Export package' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The video of “Where were you born?” is missing.',
    );
    expect(screen.getByRole('button', { name: 'Export again' })).toBeEnabled();
  });

  it('is not offered to a viewer', async () => {
    renderScreen(viewer);
    expect(await screen.findByRole('heading', { name: 'Grandma Rose', level: 1 })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Export package' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Duplicate storyfile' })).not.toBeInTheDocument();
  });
});

describe('Duplicate storyfile', () => {
  it('copies under the chosen name and opens the copy', async () => {
    const person = userEvent.setup();
    renderScreen();
    await person.click(await screen.findByRole('button', { name: 'Duplicate storyfile' }));
    const dialog = screen.getByRole('dialog', { name: 'Duplicate storyfile' });
    const name = within(dialog).getByRole('textbox', { name: 'Name of the copy' });
    expect(name).toHaveFocus();
    await person.type(name, 'Rose, second take');
    expect(await within(dialog).findByText('This name is available.')).toBeVisible();
    await person.click(within(dialog).getByRole('button', { name: 'Duplicate' }));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/storyfiles/${COPY}`),
    );
    expect(
      calls.find((call) => call.method === 'POST' && call.path.endsWith('/duplicate'))?.body,
    ).toEqual({ name: 'Rose, second take' });
  });

  it('leaves the name to the studio when none is given, with a 120-character name', async () => {
    const person = userEvent.setup();
    detail = buildDetail({ name: LONG_NAME });
    renderScreen();
    await person.click(await screen.findByRole('button', { name: 'Duplicate storyfile' }));
    const dialog = screen.getByRole('dialog', { name: 'Duplicate storyfile' });
    expect(
      within(dialog).getByText(
        `Optional: left empty, the copy is named “${LONG_NAME} (copy)”, numbered if that name is taken.`,
      ),
    ).toBeVisible();
    await person.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/storyfiles/${COPY}`),
    );
    expect(
      calls.find((call) => call.method === 'POST' && call.path.endsWith('/duplicate'))?.body,
    ).toEqual({});
  });
});
