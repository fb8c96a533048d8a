import { defineProject } from 'vitest/config';

// The repository's own tooling: npm test's verdicts and the lint walls of ARCHITECTURE.md.
export default defineProject({
  test: {
    name: 'tooling',
    environment: 'node',
    include: ['**/*.test.ts'],
    // The wall tests start type-aware ESLint (a TypeScript program of the repository): seconds
    // when quiet, far longer on a loaded machine.
    testTimeout: 120_000,
  },
});
