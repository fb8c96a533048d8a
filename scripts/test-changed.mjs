// `npm run test:changed [-- <git ref>]`: the inner loop. Lints the changed files and runs the
// Vitest tests that import them, directly or through other modules (Vitest's own module graph).
// Without a ref, "changed" is the working tree against HEAD, untracked files included; with one
// (`main`, `HEAD~3`), everything since that ref as well. The whole suite stays `npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { repoRoot, run } from './setup.mjs';

const ref = process.argv[2];

function git(args) {
  const result = spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' });
  if (result.status !== 0) {
    console.error(result.stderr.trim() || `git ${args.join(' ')} failed`);
    process.exit(2);
  }
  return result.stdout.split('\n').filter(Boolean);
}

const changed = [
  ...new Set([
    ...git(['diff', '--name-only', ref ?? 'HEAD']),
    ...git(['ls-files', '--others', '--exclude-standard']),
  ]),
].filter((file) => existsSync(`${repoRoot}/${file}`));

if (changed.length === 0) {
  console.log(`Nothing changed${ref ? ` since ${ref}` : ''}.`);
  process.exit(0);
}

const lintable = changed.filter((file) => /\.(?:[cm]?[jt]sx?)$/.test(file));
let failed = false;
if (lintable.length > 0) {
  console.log(`Linting ${lintable.length} changed file(s)…`);
  const status = run('npx', [
    'eslint',
    '--cache',
    '--cache-location',
    'node_modules/.cache/eslint/',
    '--no-warn-ignored',
    ...lintable,
  ]);
  failed ||= status !== 0;
}

// `--changed` follows imports from the changed files to the tests that reach them; a changed
// test file runs itself. No related test is not a failure.
const status = run('npx', [
  'vitest',
  'run',
  '--changed',
  ...(ref ? [ref] : []),
  '--passWithNoTests',
]);
failed ||= status !== 0;
process.exit(failed ? 1 : 0);
