// Starts the built studio on a fresh data directory for the browser tests.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
await stopLeftoverPostgres(path.join(process.env.DATA_DIR, 'postgres'));
rmSync(process.env.DATA_DIR, { recursive: true, force: true });

/**
 * A run cut short (a killed terminal, a time-out) can leave the previous run's PostgreSQL running
 * on this data directory; its files are about to go, so stop it first (postmaster.pid names it).
 */
async function stopLeftoverPostgres(clusterDir) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) {
    return;
  }
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return; // not running any more
  }
  for (let waited = 0; waited < 20_000 && existsSync(pidFile); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const server = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => process.exit(code ?? 0));
