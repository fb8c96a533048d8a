// `npm test`: install what is missing (npm packages; Debian's Chromium and ffmpeg when root),
// build, then run every test: Vitest (units and server integration on a real PostgreSQL) and
// Playwright in Debian's Chromium.
import { buildAll, ensureDebianPackages, ensureDependencies, run } from './setup.mjs';

ensureDependencies();
ensureDebianPackages([
  { name: 'chromium', binary: '/usr/bin/chromium' },
  { name: 'ffmpeg', binary: '/usr/bin/ffmpeg' },
]);
buildAll();

const results = [];
results.push(['unit and integration (vitest)', run('npx', ['vitest', 'run'])]);
results.push([
  'browser (playwright)',
  run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']),
]);

console.log('');
for (const [name, status] of results) {
  console.log(`${status === 0 ? 'PASS' : 'FAIL'}  ${name}`);
}
process.exit(results.every(([, status]) => status === 0) ? 0 : 1);
