import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    // Files share their workers' module graph (fastify, oidc-provider, drizzle and pg are imported
    // once per worker, not once per file): the import and environment time was a third of the
    // project's run. Each file still gets its own database, studio and metrics registry (one per
    // app, http/metrics.ts); a file that changes process state (env, timers, spies) restores it.
    isolate: false,
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/worker-temp.ts'],
    // Limits bound a hang; they time nothing. A loaded machine (CI beside other work) runs these
    // several times slower than a quiet one, and a test must pass there too.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
