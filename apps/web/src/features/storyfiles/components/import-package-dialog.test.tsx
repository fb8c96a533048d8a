import type { CurrentUser, StoryfileImportPreview, StoryfilePackageJob } from '@conversa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { buildMember } from '@/test/users';
import { ImportPackageDialog, type UploadPackage } from './import-package-dialog';

// Issue 31, storyfile packages: the import dialog uploads a .zip, shows the studio's summary
// (name, counts, size, what will be created), lets the name change, follows the import job and
// opens the new storyfile; a refused package shows the studio's message naming the problem.

const NORTH = '11111111-1111-4111-8111-111111111111';
const JOB = '22222222-2222-4222-8222-222222222222';
const CREATED = '33333333-3333-4333-8333-333333333333';
const SOUTH = '44444444-4444-4444-8444-444444444444';
const user: CurrentUser = buildMember({ id: NORTH, label: 'north', scope: 'edit:ns' });

const preview: StoryfileImportPreview = {
  uploadId: 'up-1',
  formatVersion: 1,
  packageName: 'Grandma Rose',
  name: 'Grandma Rose (imported)',
  isNameTaken: true,
  namespaceId: NORTH,
  namespaceLabel: 'north',
  description: '',
  language: 'en-US',
  exportedAt: '2026-01-05T10:00:00.000Z',
  exportedFrom: 'studio.museum.example',
  counts: {
    topics: 3,
    questions: 20,
    alternates: 7,
    starters: 2,
    answers: 18,
    clips: 4,
    videos: 22,
    captions: 22,
    customCategories: 1,
    customWords: 5,
    storyVersions: 2,
    hasInkStory: true,
  },
  sizeBytes: 52_428_800,
  mediaBytes: 50_331_648,
  willCreate: ['3 topics with 20 questions', '22 videos with captions', 'The ink story'],
};

function buildJob(overrides: Partial<StoryfilePackageJob>): StoryfilePackageJob {
  return {
    id: JOB,
    kind: 'import',
    state: 'running',
    progress: 0,
    step: '',
    namespaceId: NORTH,
    storyfileId: null,
    storyfileName: 'Grandma Rose (imported)',
    downloadUrl: null,
    downloadExpiresAt: null,
    fileName: null,
    sizeBytes: 52_428_800,
    error: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
let previewAnswer: () => Response;
let jobAnswers: StoryfilePackageJob[];

beforeEach(() => {
  calls = [];
  previewAnswer = () => Response.json(preview);
  jobAnswers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://studio');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      calls.push({ method, path: url.pathname, body });
      if (url.pathname.endsWith('/storyfile-packages/imports/preview')) {
        return Promise.resolve(previewAnswer());
      }
      if (url.pathname.endsWith('/storyfile-packages/imports')) {
        return Promise.resolve(Response.json(buildJob({ state: 'queued' }), { status: 202 }));
      }
      if (url.pathname.endsWith(`/storyfile-packages/jobs/${JOB}`)) {
        const next = jobAnswers.length > 1 ? jobAnswers.shift()! : jobAnswers[0]!;
        return Promise.resolve(Response.json(next));
      }
      if (url.pathname.endsWith('/nameTaken')) {
        const name = url.searchParams.get('name');
        return Promise.resolve(Response.json({ unique: name !== 'Taken one' }));
      }
      return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** A package upload that reports the progress it is told to, then finishes when released. */
function holdUpload() {
  let report: ((sent: number, total: number) => void) | undefined;
  let finish: ((uploadId: string) => void) | undefined;
  const upload = vi.fn<UploadPackage>(
    (_file, options) =>
      new Promise<string>((resolve) => {
        report = options.onProgress;
        finish = resolve;
      }),
  );
  return {
    upload,
    progress: (sent: number, total: number) => report?.(sent, total),
    finish: (uploadId: string) => finish?.(uploadId),
  };
}

function renderDialog(uploadPackage: UploadPackage) {
  return renderWithProviders(
    <ImportPackageDialog
      user={user}
      isOpen
      onOpenChange={() => undefined}
      uploadPackage={uploadPackage}
    />,
  );
}

const zip = () => new File([new Uint8Array(2048)], 'Grandma Rose.zip', { type: 'application/zip' });

describe('ImportPackageDialog', () => {
  it('refuses a file that is not a .zip before uploading it', async () => {
    const person = userEvent.setup({ applyAccept: false });
    const held = holdUpload();
    renderDialog(held.upload);
    await person.upload(
      screen.getByLabelText('Package file'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('A storyfile package must be a .zip file.');
    expect(held.upload).not.toHaveBeenCalled();
  });

  it('uploads with progress, shows the summary, imports under a chosen name and opens the new storyfile', async () => {
    const person = userEvent.setup();
    const held = holdUpload();
    renderDialog(held.upload);
    await person.upload(screen.getByLabelText('Package file'), zip());

    expect(held.upload).toHaveBeenCalledOnce();
    held.progress(1024, 2048);
    const bar = await screen.findByRole('progressbar', { name: 'Package upload' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByText('Uploading “Grandma Rose.zip”: 50% (1 KB of 2 KB)')).toBeVisible();

    held.finish('up-1');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    // The studio's proposal: the package's name was taken, so " (imported)" is added.
    expect(name).toHaveValue('Grandma Rose (imported)');
    expect(
      screen.getByText(
        '“Grandma Rose” is taken in north, so it is imported as “Grandma Rose (imported)”.',
      ),
    ).toBeVisible();
    expect(screen.getByText('50 MB package, 48 MB of media')).toBeVisible();
    expect(
      screen.getByText('3 topics, 20 questions (7 alternates), 22 videos, 22 caption files'),
    ).toBeVisible();
    const willCreate = screen.getByRole('list', { name: 'What will be created' });
    expect(
      within(willCreate)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(preview.willCreate);
    expect(calls.find((call) => call.path.endsWith('/imports/preview'))?.body).toEqual({
      uploadId: 'up-1',
      namespaceId: NORTH,
    });

    // A taken name of the person's own choosing blocks the import until changed.
    await person.clear(name);
    await person.type(name, 'Taken one');
    expect(
      await screen.findByText('A storyfile named "Taken one" already exists in this namespace.'),
    ).toBeVisible();
    const importButton = screen.getByRole('button', { name: 'Import storyfile' });
    expect(importButton).toBeDisabled();
    expect(importButton).toHaveAccessibleDescription(
      'To import, choose a name no other storyfile in this namespace uses.',
    );
    await person.clear(name);
    await person.type(name, 'Rose at the museum');
    expect(await screen.findByText('This name is available.')).toBeVisible();

    jobAnswers = [
      buildJob({
        progress: 40,
        step: 'Checking media/answer-3.mp4 (4 of 22)',
        storyfileName: 'Rose at the museum',
      }),
      buildJob({
        state: 'done',
        progress: 100,
        step: 'Done',
        storyfileId: CREATED,
        storyfileName: 'Rose at the museum',
      }),
    ];
    await person.click(importButton);
    expect(
      calls.find(
        (call) => call.method === 'POST' && call.path.endsWith('/storyfile-packages/imports'),
      )?.body,
    ).toEqual({
      uploadId: 'up-1',
      namespaceId: NORTH,
      name: 'Rose at the museum',
    });
    expect(
      await screen.findByText('Working: 40% · Checking media/answer-3.mp4 (4 of 22)'),
    ).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );

    const open = await screen.findByRole('link', { name: 'Open “Rose at the museum”' });
    expect(open).toHaveAttribute('href', `/storyfiles/${CREATED}`);
    await waitFor(() => expect(open).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Imported “Rose at the museum”.');
  });

  it('shows the studio’s message when it refuses the package, and imports nothing', async () => {
    const person = userEvent.setup();
    const held = holdUpload();
    const message =
      'The checksum of media/answer-3.mp4 does not match the manifest: the package is damaged.';
    previewAnswer = () =>
      Response.json({ error: 'Bad Request', message, statusCode: 400 }, { status: 400 });
    renderDialog(held.upload);
    await person.upload(screen.getByLabelText('Package file'), zip());
    held.finish('up-1');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      `This package cannot be imported: ${message}`,
    );
    expect(screen.getByRole('button', { name: 'Import storyfile' })).toBeDisabled();
    expect(calls.some((call) => call.path.endsWith('/storyfile-packages/imports'))).toBe(false);

    await person.click(screen.getByRole('button', { name: 'Choose another file' }));
    expect(screen.getByLabelText('Package file')).toHaveFocus();
  });

  it('asks the summary again for the namespace a person with several chooses', async () => {
    const person = userEvent.setup();
    const held = holdUpload();
    const south = { ...user.namespaces[0]!, id: SOUTH, label: 'south' };
    const twoNamespaces: CurrentUser = { ...user, namespaces: [...user.namespaces, south] };
    renderWithProviders(
      <ImportPackageDialog
        user={twoNamespaces}
        isOpen
        onOpenChange={() => undefined}
        uploadPackage={held.upload}
      />,
    );
    await person.upload(screen.getByLabelText('Package file'), zip());
    held.finish('up-1');
    await screen.findByRole('textbox', { name: 'Name' });
    previewAnswer = () =>
      Response.json({
        ...preview,
        namespaceId: SOUTH,
        namespaceLabel: 'south',
        name: 'Grandma Rose',
        isNameTaken: false,
      });
    await person.selectOptions(screen.getByRole('combobox', { name: 'Namespace' }), 'south');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Grandma Rose'),
    );
    expect(
      calls.filter((call) => call.path.endsWith('/imports/preview')).map((call) => call.body),
    ).toEqual([
      { uploadId: 'up-1', namespaceId: NORTH },
      { uploadId: 'up-1', namespaceId: SOUTH },
    ]);
  });

  it('says in words why an import job failed', async () => {
    const person = userEvent.setup();
    const held = holdUpload();
    renderDialog(held.upload);
    await person.upload(screen.getByLabelText('Package file'), zip());
    held.finish('up-1');
    await screen.findByRole('textbox', { name: 'Name' });
    jobAnswers = [
      buildJob({
        state: 'failed',
        error: 'The package has a file outside it (../etc/passwd); nothing was created.',
      }),
    ];
    await person.click(screen.getByRole('button', { name: 'Import storyfile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nothing was imported: The package has a file outside it (../etc/passwd); nothing was created.',
    );
    expect(screen.getByRole('button', { name: 'Choose another file' })).toBeVisible();
  });

  it('names the storyfile being imported, not the .zip file, while the job works (issue 44)', async () => {
    const person = userEvent.setup();
    const held = holdUpload();
    renderDialog(held.upload);
    await person.upload(screen.getByLabelText('Package file'), zip());
    held.finish('up-1');
    await screen.findByRole('textbox', { name: 'Name' });
    // Before it reads the package, the job knows only the file's name.
    jobAnswers = [
      buildJob({ progress: 10, step: 'Reading the package', storyfileName: 'corrupt' }),
    ];
    await person.click(screen.getByRole('button', { name: 'Import storyfile' }));
    expect(await screen.findByText('Working: 10% · Reading the package')).toBeVisible();
    expect(screen.getByText('Importing “Grandma Rose (imported)” into north.')).toBeVisible();
    expect(screen.queryByText(/Importing “corrupt”/)).toBeNull();
  });
});
