import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, ne, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import {
  DUPLICATE_NAME_SUFFIX,
  MEDIA_ACCESS_TOKEN_PARAM,
  STORYFILE_NOT_FOUND_MESSAGE,
  STORYFILE_PACKAGE_EXTENSION,
  STORYFILE_PACKAGE_JOB_NOT_FOUND_MESSAGE,
  STORYFILE_PACKAGE_UPLOAD_MESSAGES,
  formatStoryfileDeletedMessage,
  formatStoryfileNameTakenMessage,
  type CurrentUser,
  type DuplicateStoryfileBody,
  type StoryfileDetail,
  type StoryfileImportBody,
  type StoryfileImportPreview,
  type StoryfilePackageJob,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { withPgTransaction } from '../../db/transaction.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { toSqlExecutor, type JobQueue, type PackageJobPayload } from '../../jobs/queue.ts';
import type { MediaStore } from '../../media/media-store.ts';
import { assertNamespaceExists, assertNamespaceRole } from '../lists/index.ts';
import type { MediaUrlSigner } from '../media/index.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';
import { getStoryfileDetail } from '../storyfiles/index.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { findUpload, type UploadStorage } from '../uploads/index.ts';
import {
  chooseImportName,
  createStoryfileFromManifest,
  publishMediaPlan,
} from './create-storyfile.ts';
import type { Manifest } from './manifest.ts';
import { createMeasuringStream } from './measuring-stream.ts';
import { openPackage, PackageRefusedError, type PackageLimits } from './package-reader.ts';
import { writePackage } from './package-writer.ts';
import { storyfilePackageJobs } from './packages.tables.ts';
import { readStoryfileSnapshot } from './snapshot.ts';

type JobRow = typeof storyfilePackageJobs.$inferSelect;

/** The file name of a package in the media store; the download names it after the storyfile. */
export const PACKAGE_FILE = 'package.zip';
/** Where an export's package is kept in the media store. */
export function getPackageKey(jobId: string): string {
  return `packages/${jobId}/${PACKAGE_FILE}`;
}

export interface PackageDeps {
  db: Database;
  pool: pg.Pool;
  jobs: JobQueue;
  mediaStore: MediaStore;
  uploadStorage: UploadStorage;
  /** Signs download URLs (the media module's signer: same secret, same token format). */
  signer: MediaUrlSigner;
  /** Named in manifests as the exporting studio. */
  publicUrl: string;
  /** Tests lower the limits to build a bomb cheaply. */
  limits?: PackageLimits;
}

const IMPORT_FAILED_MESSAGE = 'The import could not finish. Nothing was created; please try again.';
const EXPORT_FAILED_MESSAGE = 'The export could not finish. Please try again.';

function presentJob(row: JobRow, signer: MediaUrlSigner, userId: string): StoryfilePackageJob {
  let downloadUrl: string | null = null;
  let downloadExpiresAt: string | null = null;
  if (row.kind === 'export' && row.state === 'done' && row.storageKey) {
    const { token, expiresAt } = signer.createToken({
      assetId: row.id,
      file: PACKAGE_FILE,
      userId,
    });
    downloadUrl = `/packages/${row.id}/${PACKAGE_FILE}?${MEDIA_ACCESS_TOKEN_PARAM}=${token}`;
    downloadExpiresAt = expiresAt.toISOString();
  }
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    progress: row.progress,
    step: row.step,
    namespaceId: row.namespaceId,
    storyfileId: row.storyfileId,
    storyfileName: row.storyfileName,
    downloadUrl,
    downloadExpiresAt,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Inserts a job row and queues its job in one transaction: a row is queued exactly when it exists. */
async function insertAndQueue(
  deps: PackageDeps,
  values: typeof storyfilePackageJobs.$inferInsert,
): Promise<JobRow> {
  const row = await withPgTransaction(deps.pool, async (client) => {
    const [inserted] = (await drizzle(client)
      .insert(storyfilePackageJobs)
      .values(values)
      .returning()) as [JobRow];
    await deps.jobs.enqueuePackageJob(inserted.id, toSqlExecutor(client));
    return inserted;
  });
  deps.jobs.wakeWorkers();
  return row;
}

/** A storyfile's name as a file name: characters file systems refuse become `_`. */
function toFileName(name: string): string {
  return [...name]
    .map((character) =>
      character.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(character) ? '_' : character,
    )
    .join('');
}

export async function startExport(
  deps: PackageDeps,
  user: CurrentUser,
  storyfileId: string,
): Promise<StoryfilePackageJob> {
  const [storyfile] = await deps.db.select().from(storyfiles).where(eq(storyfiles.id, storyfileId));
  if (!storyfile) {
    throw notFound(STORYFILE_NOT_FOUND_MESSAGE);
  }
  if (storyfile.deletedAt) {
    throw conflict(formatStoryfileDeletedMessage(storyfile.nameBeforeDelete ?? storyfile.name));
  }
  const row = await insertAndQueue(deps, {
    kind: 'export',
    userId: user.iam,
    namespaceId: storyfile.namespaceId,
    storyfileId,
    storyfileName: storyfile.name,
    step: 'Waiting to start',
    fileName: `${toFileName(storyfile.name)}${STORYFILE_PACKAGE_EXTENSION}`,
  });
  return presentJob(row, deps.signer, user.iam);
}

/** A job of the caller (or any, for a platform admin); 404 otherwise. */
export async function getJob(
  deps: Pick<PackageDeps, 'db' | 'signer'>,
  user: CurrentUser,
  jobId: string,
): Promise<StoryfilePackageJob> {
  const [row] = await deps.db
    .select()
    .from(storyfilePackageJobs)
    .where(eq(storyfilePackageJobs.id, jobId));
  if (!row || (!user.isAdmin && row.userId !== user.iam)) {
    throw notFound(STORYFILE_PACKAGE_JOB_NOT_FOUND_MESSAGE);
  }
  return presentJob(row, deps.signer, user.iam);
}

/** The job of a download URL, when it is a finished export with its package stored. */
export async function findDownload(
  db: Database,
  jobId: string,
): Promise<{ key: string; fileName: string; updatedAt: Date } | null> {
  const [row] = await db
    .select()
    .from(storyfilePackageJobs)
    .where(and(eq(storyfilePackageJobs.id, jobId), eq(storyfilePackageJobs.kind, 'export')));
  return row?.state === 'done' && row.storageKey
    ? { key: row.storageKey, fileName: row.fileName ?? PACKAGE_FILE, updatedAt: row.updatedAt }
    : null;
}

/** The caller's finished package upload, or a 404/409 naming what is wrong with it. */
async function findPackageUpload(deps: PackageDeps, user: CurrentUser, uploadId: string) {
  const upload = await findUpload(deps.db, uploadId);
  if (!upload || (!user.isAdmin && upload.userId !== user.iam)) {
    throw notFound(STORYFILE_PACKAGE_UPLOAD_MESSAGES.notFound);
  }
  if (upload.kind !== 'package') {
    throw badRequest(STORYFILE_PACKAGE_UPLOAD_MESSAGES.notAPackage);
  }
  if (upload.phase !== 'ready') {
    throw conflict(STORYFILE_PACKAGE_UPLOAD_MESSAGES.notFinished);
  }
  return upload;
}

async function checkImportTarget(deps: PackageDeps, user: CurrentUser, body: StoryfileImportBody) {
  assertNamespaceRole(user, body.namespaceId, 'edit:ns');
  await assertNamespaceExists(deps.db, body.namespaceId);
  const upload = await findPackageUpload(deps, user, body.uploadId);
  const used = await deps.db
    .select({ id: storyfilePackageJobs.id })
    .from(storyfilePackageJobs)
    .where(
      and(
        eq(storyfilePackageJobs.uploadId, body.uploadId),
        ne(storyfilePackageJobs.state, 'failed'),
      ),
    );
  if (used.length > 0) {
    throw conflict(STORYFILE_PACKAGE_UPLOAD_MESSAGES.used);
  }
  return upload;
}

/** Counts and sentences of what importing a manifest creates. */
export function summarize(manifest: Manifest) {
  const questions = manifest.topics.flatMap((topic) => topic.questions);
  const answers = questions.filter((question) => question.answer !== null).length;
  const clips = manifest.clips.filter((clip) => clip.video !== null).length;
  const captions = [
    ...questions.map((question) => question.answer),
    ...manifest.clips.map((clip) => clip.video),
  ].filter((video) => video?.captions !== undefined && video !== null).length;
  const counts = {
    topics: manifest.topics.length,
    questions: questions.length,
    alternates: questions.reduce((sum, question) => sum + question.alternates.length, 0),
    starters: manifest.starters.length,
    answers,
    clips,
    videos: answers + clips,
    captions,
    customCategories: manifest.vocabulary.customCategories.length,
    customWords: manifest.vocabulary.customWords.length,
    storyVersions: manifest.ink.versions.length,
    hasInkStory: manifest.ink.versions.length > 0,
  };
  const plural = (count: number, one: string, many: string) =>
    `${count} ${count === 1 ? one : many}`;
  const willCreate = [
    `${plural(counts.topics, 'topic', 'topics')} with ${plural(counts.questions, 'question', 'questions')} (${plural(counts.alternates, 'alternate phrasing', 'alternate phrasings')})`,
    `${plural(counts.answers, 'recorded answer', 'recorded answers')} and ${plural(counts.clips, 'recorded clip', 'recorded clips')}${counts.captions > 0 ? `, ${plural(counts.captions, 'with captions', 'with captions')}` : ''}`,
    `${plural(counts.starters, 'conversation starter', 'conversation starters')}`,
    counts.hasInkStory
      ? `An ink story with ${plural(counts.storyVersions, 'saved version', 'saved versions')}${manifest.ink.publishedVersionNumber !== null ? `, version ${manifest.ink.publishedVersionNumber} published` : ', none published'}`
      : 'No ink story',
    `${plural(counts.customCategories, 'custom category', 'custom categories')} and ${plural(counts.customWords, 'custom word', 'custom words')} (added to the namespace where it lacks them)`,
  ];
  return { counts, willCreate };
}

export async function previewImport(
  deps: PackageDeps,
  user: CurrentUser,
  body: StoryfileImportBody,
): Promise<StoryfileImportPreview> {
  const upload = await checkImportTarget(deps, user, body);
  const workDir = await deps.mediaStore.createStagingDir();
  try {
    const zipPath = await deps.uploadStorage.getLocalCopy(upload.tusId, workDir);
    const opened = await openPackage(zipPath, deps.limits).catch((error: unknown) => {
      throw error instanceof PackageRefusedError ? badRequest(error.message) : error;
    });
    opened.close();
    const { manifest } = opened;
    const [namespace] = await deps.db
      .select({ label: namespaces.label })
      .from(namespaces)
      .where(eq(namespaces.id, body.namespaceId));
    const { name, isNameTaken } = await chooseImportName(
      deps.db,
      body.namespaceId,
      manifest.storyfile.name,
      body.name,
    );
    const { counts, willCreate } = summarize(manifest);
    return {
      uploadId: upload.id,
      formatVersion: manifest.formatVersion,
      packageName: manifest.storyfile.name,
      name,
      isNameTaken,
      namespaceId: body.namespaceId,
      namespaceLabel: namespace?.label ?? '',
      description: manifest.storyfile.description,
      language: manifest.storyfile.language,
      exportedAt: manifest.exportedAt,
      exportedFrom: manifest.exportedFrom,
      counts,
      sizeBytes: upload.sizeBytes ?? 0,
      mediaBytes: opened.mediaBytes,
      willCreate: [
        `The storyfile "${name}" in ${namespace?.label ?? 'the namespace'}`,
        ...willCreate,
      ],
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

export async function startImport(
  deps: PackageDeps,
  user: CurrentUser,
  body: StoryfileImportBody,
): Promise<StoryfilePackageJob> {
  const upload = await checkImportTarget(deps, user, body);
  if (body.name !== undefined) {
    const { isNameTaken } = await chooseImportName(deps.db, body.namespaceId, body.name, body.name);
    if (isNameTaken) {
      throw conflict(formatStoryfileNameTakenMessage(body.name));
    }
  }
  const row = await insertAndQueue(deps, {
    kind: 'import',
    userId: user.iam,
    namespaceId: body.namespaceId,
    storyfileName: body.name ?? upload.filename?.replace(/\.zip$/i, '') ?? 'Imported storyfile',
    uploadId: upload.id,
    requestedName: body.name ?? null,
    sizeBytes: upload.sizeBytes,
    step: 'Waiting to start',
  });
  return presentJob(row, deps.signer, user.iam);
}

async function updateJob(
  db: Database,
  jobId: string,
  values: Partial<typeof storyfilePackageJobs.$inferInsert>,
): Promise<void> {
  await db
    .update(storyfilePackageJobs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(storyfilePackageJobs.id, jobId));
}

/** Runs a package job from the queue: an export or an import, by its row. */
export function createPackageJobHandler(deps: PackageDeps & { log: (message: string) => void }) {
  return async (
    payload: PackageJobPayload,
    context: { signal: AbortSignal; isLastAttempt: boolean },
  ): Promise<void> => {
    const [row] = await deps.db
      .select()
      .from(storyfilePackageJobs)
      .where(eq(storyfilePackageJobs.id, payload.packageJobId));
    if (!row || row.state === 'done' || row.state === 'failed') {
      return;
    }
    await updateJob(deps.db, row.id, { state: 'running', step: 'Starting' });
    try {
      if (row.kind === 'export') {
        await runExport(deps, row, context.signal);
      } else {
        await runImport(deps, row, context.signal);
      }
    } catch (error) {
      const isPersonFacing = error instanceof PackageRefusedError || error instanceof AppError;
      if (isPersonFacing || context.isLastAttempt) {
        deps.log(`package job ${row.id} failed: ${(error as Error).message}`);
        await updateJob(deps.db, row.id, {
          state: 'failed',
          error: isPersonFacing
            ? error.message
            : row.kind === 'import'
              ? IMPORT_FAILED_MESSAGE
              : EXPORT_FAILED_MESSAGE,
          step: 'Failed',
        });
        return;
      }
      throw error;
    }
  };
}

async function runExport(deps: PackageDeps, row: JobRow, signal: AbortSignal): Promise<void> {
  await updateJob(deps.db, row.id, { step: 'Reading the storyfile', progress: 2 });
  const snapshot = await readStoryfileSnapshot(deps.db, row.storyfileId!, deps.publicUrl);
  const workDir = await deps.mediaStore.createStagingDir();
  try {
    const outPath = path.join(workDir, PACKAGE_FILE);
    const total = snapshot.media.length;
    const { sizeBytes } = await writePackage({
      mediaStore: deps.mediaStore,
      manifest: snapshot.manifest,
      media: snapshot.media,
      outPath,
      signal,
      onFile: (index, filePath) =>
        updateJob(deps.db, row.id, {
          step: `Packing ${filePath} (${index + 1} of ${total})`,
          progress: 5 + Math.floor((85 * index) / Math.max(1, total)),
        }),
    });
    await updateJob(deps.db, row.id, { step: 'Storing the package', progress: 92 });
    const key = getPackageKey(row.id);
    await deps.mediaStore.publishFile(outPath, key, 'application/zip');
    await updateJob(deps.db, row.id, {
      state: 'done',
      progress: 100,
      step: 'Done',
      storageKey: key,
      sizeBytes,
      error: null,
    });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function runImport(deps: PackageDeps, row: JobRow, signal: AbortSignal): Promise<void> {
  const upload = row.uploadId ? await findUpload(deps.db, row.uploadId) : undefined;
  if (!upload) {
    throw new PackageRefusedError(STORYFILE_PACKAGE_UPLOAD_MESSAGES.notFound);
  }
  const workDir = await deps.mediaStore.createStagingDir();
  try {
    await updateJob(deps.db, row.id, { step: 'Checking the package', progress: 2 });
    const zipPath = await deps.uploadStorage.getLocalCopy(upload.tusId, workDir);
    const opened = await openPackage(zipPath, deps.limits);
    try {
      const total = opened.manifest.files.length;
      const unpacked = await opened.unpack(workDir, async (index, filePath) => {
        signal.throwIfAborted();
        await updateJob(deps.db, row.id, {
          step: `Checking ${filePath} (${index + 1} of ${total})`,
          progress: 5 + Math.floor((60 * index) / Math.max(1, total)),
        });
      });
      let plan = row.mediaPlan;
      if (!row.storyfileId || !plan) {
        // Everything is checked: create the storyfile, all of it or nothing, in one transaction.
        await updateJob(deps.db, row.id, { step: 'Creating the storyfile', progress: 70 });
        const { name } = await chooseImportName(
          deps.db,
          row.namespaceId,
          opened.manifest.storyfile.name,
          row.requestedName ?? undefined,
        );
        const created = await createStoryfileFromManifest(deps.db, {
          manifest: opened.manifest,
          namespaceId: row.namespaceId,
          name,
          userId: upload.userId ?? row.userId!,
          onCommitting: async (tx, storyfileId, mediaPlan) => {
            await tx
              .update(storyfilePackageJobs)
              .set({ storyfileId, mediaPlan, storyfileName: name, updatedAt: sql`now()` })
              .where(eq(storyfilePackageJobs.id, row.id));
          },
        });
        plan = created.plan;
      }
      // Committed: move the checked media into place (again, after a killed run).
      await publishMediaPlan(deps.mediaStore, plan, unpacked, (index) =>
        updateJob(deps.db, row.id, {
          step: `Storing video ${index + 1} of ${plan.length}`,
          progress: 75 + Math.floor((24 * index) / Math.max(1, plan.length)),
        }),
      );
    } finally {
      opened.close();
    }
    await updateJob(deps.db, row.id, { state: 'done', progress: 100, step: 'Done', error: null });
    // The package's bytes are not needed any more (an upload is imported once).
    await deps.uploadStorage.remove(upload.tusId).catch(() => undefined);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Duplicates a storyfile in its namespace through the import's path, without a file: the same
 * snapshot an export writes, its media copied from the store into staging (checksummed as they
 * go), the same one-transaction creation, the media published after the commit.
 */
export async function duplicateStoryfile(
  deps: Pick<PackageDeps, 'db' | 'mediaStore' | 'publicUrl'>,
  user: CurrentUser,
  storyfileId: string,
  body: DuplicateStoryfileBody,
): Promise<StoryfileDetail> {
  const [storyfile] = await deps.db.select().from(storyfiles).where(eq(storyfiles.id, storyfileId));
  if (!storyfile) {
    throw notFound(STORYFILE_NOT_FOUND_MESSAGE);
  }
  if (storyfile.deletedAt) {
    throw conflict(formatStoryfileDeletedMessage(storyfile.nameBeforeDelete ?? storyfile.name));
  }
  const snapshot = await readStoryfileSnapshot(deps.db, storyfileId, deps.publicUrl);
  const workDir = await deps.mediaStore.createStagingDir();
  try {
    const unpacked = new Map<string, string>();
    const files: Manifest['files'] = [];
    for (const [index, media] of snapshot.media.entries()) {
      const target = path.join(workDir, `file-${index}`);
      const { stream: tap, measure } = createMeasuringStream();
      await pipeline(await deps.mediaStore.read(media.key), tap, createWriteStream(target));
      unpacked.set(media.path, target);
      files.push({ path: media.path, ...measure(), contentType: media.contentType });
    }
    const manifest: Manifest = { ...snapshot.manifest, files };
    const { name, isNameTaken } = await chooseImportName(
      deps.db,
      storyfile.namespaceId,
      storyfile.name,
      body.name,
      DUPLICATE_NAME_SUFFIX,
    );
    if (body.name !== undefined && isNameTaken) {
      throw conflict(formatStoryfileNameTakenMessage(body.name));
    }
    const created = await createStoryfileFromManifest(deps.db, {
      manifest,
      namespaceId: storyfile.namespaceId,
      name,
      userId: user.iam,
    });
    await publishMediaPlan(deps.mediaStore, created.plan, unpacked);
    return await getStoryfileDetail(deps.db, created.storyfileId);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
