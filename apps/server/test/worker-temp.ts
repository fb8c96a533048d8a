import { chmodSync, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { RUN_TEMP_VARIABLE } from './run-temp.ts';

/**
 * Each Vitest worker gets a temporary folder of its own inside the run's (os.tmpdir() follows
 * TMPDIR, which the studios and tools a test starts inherit). Files of one worker run one after
 * another, but workers run side by side, and a test that checks its studio left nothing in the
 * temporary folder (no recording kept, no work folder after a close) must not see another
 * worker's work in progress.
 */
const runTemp = process.env[RUN_TEMP_VARIABLE];
if (runTemp) {
  const workerTemp = path.join(runTemp, `worker-${process.env.VITEST_POOL_ID ?? process.pid}`);
  mkdirSync(workerTemp, { recursive: true });
  // PostgreSQL's own OS user (as root) starts clusters below it, as below the run's folder.
  chmodSync(workerTemp, 0o755);
  process.env.TMPDIR = workerTemp;
  shareTsxCache(runTemp, workerTemp);
}

/**
 * A studio a test starts as a process (`node --import tsx src/main.ts`) compiles the server's
 * sources into tsx's cache, `<tmpdir>/tsx-<uid>`. One cache for the run, not one per worker: three
 * processes of scale-out.test.ts compiling every source at once on a loaded machine took over the
 * 150 s its start may take. tsx reads a half-written entry as a miss, so sharing is safe.
 */
function shareTsxCache(runTemp: string, workerTemp: string): void {
  const name = `tsx-${process.geteuid?.() ?? userInfo().username}`;
  const shared = path.join(runTemp, name);
  mkdirSync(shared, { recursive: true });
  const link = path.join(workerTemp, name);
  if (!existsSync(link)) {
    symlinkSync(shared, link);
  }
}
