// `npm run lint`: ESLint over the whole repository as two processes side by side, split where the
// TypeScript programs split: the web console and its browser flows, then everything else (server,
// packages, tooling). Type-aware rules make each process build the programs of the files it
// lints, so a split by program keeps both cores busy without building a program twice (ESLint's
// own --concurrency hands files to threads without regard to programs, so each thread builds
// most of them: typescript-eslint discussion #11568). Extra arguments (`--fix`) go to both.
// Beside them, Prettier checks that every file is formatted (`--fix`: it formats them).
// Exits non-zero if any finds a problem.
import { spawn } from 'node:child_process';
import { repoRoot } from './setup.mjs';

const browserSide = ['apps/web', 'e2e'];
const groups = [
  { name: 'web', paths: browserSide },
  {
    name: 'server',
    paths: ['.', ...browserSide.flatMap((folder) => ['--ignore-pattern', `${folder}/**`])],
  },
];

/** One ESLint process, its output kept whole so the two groups' reports never interleave. */
function lint({ name, paths }) {
  return run([
    'eslint',
    '--cache',
    '--cache-location',
    `node_modules/.cache/eslint/${name}/`,
    ...process.argv.slice(2),
    ...paths,
  ]);
}

/** Prettier over the repository (`.prettierignore` says what it leaves). */
function format() {
  const fix = process.argv.includes('--fix');
  return run(['prettier', fix ? '--write' : '--check', '--log-level', 'warn', '.']);
}

function run(args) {
  return new Promise((resolve) => {
    const child = spawn('npx', args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => resolve({ status: 1, output: `${String(error)}\n` }));
    child.on('close', (status) => resolve({ status: status ?? 1, output: Buffer.concat(chunks) }));
  });
}

const results = await Promise.all([...groups.map(lint), format()]);
for (const { output } of results) {
  process.stdout.write(output);
}
process.exit(results.every(({ status }) => status === 0) ? 0 : 1);
