import { rm } from 'node:fs/promises';
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  STORYFILE_PACKAGE_UPLOAD_MESSAGES,
  formatStoryfileNameTakenMessage,
  type CurrentUser,
  type StoryfileImportBody,
  type StoryfileImportPreview,
  type StoryfilePackageJob,
} from '@conversa/contracts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { assertNamespaceExists, assertNamespaceRole } from '../lists/index.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';
import { findUpload } from '../uploads/index.ts';
import {
  chooseImportName,
  createStoryfileFromManifest,
  publishMediaPlan,
} from './create-storyfile.ts';
import { summarize } from './import-summary.ts';
import {
  insertAndQueue,
  presentJob,
  updateJob,
  type PackageDeps,
  type PackageJobRow,
} from './package-jobs.ts';
import { openPackage, PackageRefusedError } from './package-reader.ts';
import { storyfilePackageJobs } from './packages.tables.ts';

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
    throw conflict(
      upload.error === STORYFILE_PACKAGE_UPLOAD_MESSAGES.expired
        ? STORYFILE_PACKAGE_UPLOAD_MESSAGES.expired
        : STORYFILE_PACKAGE_UPLOAD_MESSAGES.notFinished,
    );
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

export async function runImport(
  deps: PackageDeps,
  row: PackageJobRow,
  signal: AbortSignal,
): Promise<void> {
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
