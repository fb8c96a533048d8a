import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace: pure packages and the web in-process,
// the server against a real PostgreSQL started once by its global setup.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web', 'scripts'],
  },
});
