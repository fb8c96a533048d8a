import { eq } from 'drizzle-orm';
import { AppError } from '../../http/errors.ts';
import type { PackageJobPayload } from '../../jobs/queue-definition.ts';
import { runExport } from './export.service.ts';
import { runImport } from './import.service.ts';
import { updateJob, type PackageDeps } from './package-jobs.ts';
import { PackageRefusedError } from './package-reader.ts';
import { storyfilePackageJobs } from './packages.tables.ts';

const IMPORT_FAILED_MESSAGE = 'The import could not finish. Nothing was created; please try again.';
const EXPORT_FAILED_MESSAGE = 'The export could not finish. Please try again.';

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
