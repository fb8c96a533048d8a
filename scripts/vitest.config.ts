import { defineProject } from 'vitest/config';

// The repository's own tooling: npm test's verdicts and the lint walls of ARCHITECTURE.md.
export default defineProject({
  test: { name: 'tooling', environment: 'node', include: ['**/*.test.ts'] },
});
