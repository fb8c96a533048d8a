// `npm test`: install what is missing (npm packages; Debian's Chromium and its headless shell,
// ffmpeg and nginx; acl when root), build, then run every gate: typecheck, lint, Vitest (units and
// server integration on a real PostgreSQL) and Playwright in Debian's Chromium headless shell.
// Every gate runs even when an earlier one fails, so one run shows everything; any failure makes
// the exit code 1.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll, ensureDebianPackages, ensureDependencies, repoRoot } from './setup.mjs';
import { judgePlaywright, judgeVitest } from './lib/verdict.mjs';

const startedAt = Date.now();
ensureDependencies();
ensureDebianPackages([
  { name: 'chromium', binary: '/usr/bin/chromium' },
  // Its headless build, which the browser tests run (e2e/support/env.ts says why).
  { name: 'chromium-headless-shell', binary: '/usr/lib/chromium/chromium-headless-shell' },
  { name: 'ffmpeg', binary: '/usr/bin/ffmpeg' },
  // As root, the embedded PostgreSQL's own OS user is granted traverse-only ACL entries where it
  // could not otherwise reach its files (a clone under /root, a private temporary directory).
  { name: 'acl', binary: '/usr/bin/setfacl', onlyForRoot: true },
  // The studio's recognizer (pocketsphinx), and test speech: espeak-ng speaks, sox mixes noise.
  { name: 'pocketsphinx', binary: '/usr/bin/pocketsphinx_continuous' },
  { name: 'pocketsphinx-en-us', binary: '/usr/share/pocketsphinx/model/en-us/en-us/mdef' },
  { name: 'espeak-ng', binary: '/usr/bin/espeak-ng' },
  { name: 'sox', binary: '/usr/bin/sox' },
  // Adapting the recognizer to a speaker (speech/adaptation): sphinx_fe, then bw and mllr_solve.
  { name: 'sphinxbase-utils', binary: '/usr/bin/sphinx_fe' },
  { name: 'sphinxtrain', binary: '/usr/lib/sphinxtrain/bw' },
  // docs/deploy.md's proxy configuration, checked in nginx (src/deploy-proxy.test.ts).
  { name: 'nginx-light', binary: '/usr/sbin/nginx' },
]);
buildAll();
const setupSeconds = Math.round((Date.now() - startedAt) / 1000);

const reports = mkdtempSync(path.join(os.tmpdir(), 'conversa-test-reports-'));
const readReport = (file) =>
  existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;

function exitCodeOnly(status) {
  return { ok: status === 0, problems: status === 0 ? [] : [`exited ${status}`], failures: [] };
}

/**
 * Runs a command without blocking, its output kept and printed whole when it ends, so two gates
 * side by side never interleave their lines.
 */
function runBuffered(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      process.stdout.write(Buffer.concat(chunks));
      resolve(status ?? 1);
    });
  });
}

/** A gate's verdict with its span: seconds taken, and from when to when in the whole run. */
async function timed(name, runGate) {
  const started = Date.now();
  const verdict = await runGate();
  const since = (time) => Math.round((time - startedAt) / 1000);
  return {
    name,
    ...verdict,
    seconds: Math.round((Date.now() - started) / 1000),
    span: `${since(started)}-${since(Date.now())} s`,
  };
}

/** Runs a command without blocking, its output streamed as it comes; resolves with its exit code. */
function runStreamed(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('close', (status) => resolve(status ?? 1));
  });
}

// Typecheck and lint compute without a pause (one and two processes), while Vitest's server files
// spend much of their time waiting on PostgreSQL, ffmpeg, the recognizer and the studios they
// start: the three start side by side, their lines kept apart (typecheck's and lint's printed
// whole when each ends). Playwright starts when Vitest ends, beside what is left of the two.
//
// Typecheck and lint run at the lowest CPU priority (nice 19): they have no time bounds, the
// tests beside them do. The studio decodes answers' drafts at that priority too (a video being
// processed gets the cores first), and beside lint at the normal one a draft of a 5-s answer
// starved past transcripts.test.ts's 120 s in a CI run; at equal priority they share.
const BACKGROUND = ['-n', '19', 'npm', 'run', '-s'];
const checks = [
  timed('typecheck', async () =>
    exitCodeOnly(await runBuffered('nice', [...BACKGROUND, 'typecheck'])),
  ),
  timed('lint', async () => exitCodeOnly(await runBuffered('nice', [...BACKGROUND, 'lint']))),
];
const vitest = await timed('unit and integration (vitest)', async () => {
  const file = path.join(reports, 'vitest.json');
  const status = await runStreamed('npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  return judgeVitest(status, readReport(file));
});
const playwright = await timed('browser (playwright)', async () => {
  const file = path.join(reports, 'playwright.json');
  const status = await runStreamed(
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: file } },
  );
  return judgePlaywright(status, readReport(file));
});
const results = [...(await Promise.all(checks)), vitest, playwright];
rmSync(reports, { recursive: true, force: true });

console.log('');
console.log(`      set-up: install and build (${setupSeconds} s)`);
// Gates overlap (above), so each line says when it ran; the last line's total is the run's.
for (const { name, ok, seconds, span, problems, failures } of results) {
  const detail = ok ? '' : `: ${problems.join(', ')}`;
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name} (${seconds} s, at ${span})${detail}`);
  for (const failure of failures) {
    console.log(`      ${failure}`);
  }
}
const passed = results.reduce((sum, result) => sum + (result.passed ?? 0), 0);
// A gate without test counts (typecheck, lint) counts as one failure when it fails.
const failed = results.reduce((sum, result) => sum + (result.failed ?? (result.ok ? 0 : 1)), 0);
console.log(
  `${passed} passed, ${failed} failed in ${Math.round((Date.now() - startedAt) / 1000)} s`,
);
process.exit(results.every((result) => result.ok) ? 0 : 1);
