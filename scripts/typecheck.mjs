// Type-checks every workspace project with the pinned TypeScript; exits non-zero on the first error set.
import { spawnSync } from 'node:child_process';

const projects = [
  'packages/contracts',
  'packages/matching',
  'packages/embeddings',
  'apps/server',
  'apps/web',
  'e2e',
  'scripts',
];
let failed = false;
for (const project of projects) {
  const result = spawnSync('npx', ['tsc', '--noEmit', '-p', project], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`typecheck failed in ${project}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
