// Shared set-up steps of `npm start` and `npm test`: install what is missing, nothing more.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: repoRoot, ...options });
  if (result.error) {
    throw result.error;
  }
  return result.status ?? 1;
}

export function runOrExit(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

/**
 * npm dependencies, on a fresh clone or when the lock file changed since the last install.
 * `npm install` (which keeps the locked versions) rather than `npm ci`: this machine's registry
 * lacks some other platforms' optional packages (e.g. @unrs/resolver-binding-darwin-*), so the
 * lock cannot list them and `npm ci` would refuse the lock as out of sync. `--prefer-offline`
 * takes what npm's cache holds without asking the registry again (the locked versions do not
 * change), and fetches the rest: a fresh clone's install 39-42 s → 27-32 s with a warm cache.
 */
export function ensureDependencies() {
  const marker = path.join(repoRoot, 'node_modules', '.package-lock.json');
  const lock = path.join(repoRoot, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) {
    return;
  }
  console.log('Installing npm dependencies…');
  runOrExit('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline']);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Debian packages the studio needs on the machine (Chromium for browser tests, ffmpeg for media,
 * acl for the embedded PostgreSQL when run as root); `onlyForRoot` ones matter only to root.
 */
export function ensureDebianPackages(packages) {
  const missing = packages.filter(
    ({ binary, onlyForRoot }) => !existsSync(binary) && (isRoot || !onlyForRoot),
  );
  if (missing.length === 0) {
    return;
  }
  const names = missing.map(({ name }) => name);
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `Missing: ${missing.map(({ binary }) => binary).join(', ')}. Install the Debian packages ${names.join(' ')} (sudo apt-get install ${names.join(' ')}) and run again.`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian packages: ${names.join(' ')}…`);
  runOrExit('apt-get', ['update', '-qq']);
  runOrExit('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...names], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

export function buildAll() {
  runOrExit('npm', ['run', 'build']);
}
