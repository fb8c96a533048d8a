import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace: pure packages and the web in-process,
// the server against a real PostgreSQL started once by its global setup.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web', 'scripts'],
    // Two workers per core, not Vitest's one: the server's files spend most of their time waiting
    // on PostgreSQL, ffmpeg, the recognizer and the studios they start (a whole run used about
    // 480 s of CPU in a 631-s run on two cores, so a core sat idle more than half the time).
    maxWorkers: availableParallelism() * 2,
  },
});
