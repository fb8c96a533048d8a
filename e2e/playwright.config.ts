import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E } from './support/env';

/**
 * Browser tests drive Debian's Chromium headless shell (no browser download here) against a real
 * studio started from the built bundle on a fresh data directory, plus a second, independent
 * OpenID provider that plays the upstream identity provider behind the `medtronic` hint.
 */
export default defineConfig({
  testDir: './tests',
  // Files run side by side on three workers (E2E_WORKERS moves it), the tests of a file in order on
  // one. Flows share one studio: each names what it makes with makeSuffix(), so no flow counts or
  // changes what another makes. Three on two cores: the flows wait on the studio and its jobs as
  // much as they compute (the whole run: 730 s of CPU in 511 s on two workers; 459 s on three).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  // Limits bound a hang; they time nothing. A whole flow (two browsers, six axe scans) took over
  // 60 s on this 2-core machine while a benchmark ran beside the suite, and a test must pass on a
  // loaded machine too.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL: E2E.studioUrl,
    // No trace unless E2E_TRACE=1 asks for one (a failed flow then keeps its trace with the DOM of
    // every step and its network): recording it for every flow, passed or not, made the flows
    // 15-17% slower (learning, transcript review, ink, layout and recording flows: 158 s with it,
    // 131-135 s without), and what `npm test` runs in CI keeps only its output. A failure's
    // message, its last frame (`screenshot` below) and its page's accessibility snapshot are kept
    // either way; rerun the flow with E2E_TRACE=1 to record its steps. No screencast: it took 29%
    // of the run's CPU.
    trace:
      process.env.E2E_TRACE === '1'
        ? { mode: 'retain-on-failure', screenshots: false, snapshots: true }
        : 'off',
    screenshot: 'only-on-failure',
    // The browser asks for reduced motion, as a person may (the console then ends spinners,
    // skeletons' pulse and transitions at once): endless animations kept the compositor drawing
    // through every wait (recording, uploads, conversations, learning and shell flows: 238-241 s
    // of CPU with motion, 215-221 s without). E2E_MOTION=full runs them with motion.
    reducedMotion: process.env.E2E_MOTION === 'full' ? 'no-preference' : 'reduce',
    launchOptions: {
      executablePath: E2E.chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
  webServer: [
    {
      command: 'node --import tsx ../apps/server/test/upstream-idp.ts',
      url: `${E2E.upstreamUrl}/.well-known/openid-configuration`,
      env: {
        UPSTREAM_PORT: String(E2E.upstreamPort),
        STUDIO_URL: E2E.studioUrl,
        UPSTREAM_CLIENT_ID: E2E.upstreamClientId,
        UPSTREAM_CLIENT_SECRET: E2E.upstreamClientSecret,
      },
      reuseExistingServer: false,
    },
    {
      command: 'node ./support/start-studio.mjs',
      url: `${E2E.studioUrl}/healthz`,
      timeout: 120_000,
      // The studio stops its embedded PostgreSQL (its own process group) on SIGTERM; a kill of
      // the group would leave it running.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      env: {
        PORT: String(E2E.studioPort),
        HOST: '127.0.0.1',
        DATA_DIR: E2E.dataDir,
        EMBEDDED_POSTGRES_PORT: String(E2E.postgresPort),
        STUDIO_ADMIN_EMAIL: E2E.users.admin.email,
        STUDIO_ADMIN_PASSWORD: E2E.users.admin.password,
        // The seeded namespaces are what these flows need; first-start.spec.ts starts a studio of
        // its own to prove the default one.
        STUDIO_DEFAULT_NAMESPACE: '',
        IDP_MEDTRONIC_ISSUER: E2E.upstreamUrl,
        IDP_MEDTRONIC_CLIENT_ID: E2E.upstreamClientId,
        IDP_MEDTRONIC_CLIENT_SECRET: E2E.upstreamClientSecret,
        // Two brands on their own host names (brands.spec.ts); 127.0.0.1 stays the studio's own.
        BRANDS_FILE: path.join(E2E.repoRoot, 'e2e/support/brands.json'),
        // The flows' expected answers and Response quality's figures are those of the lexical
        // matcher; with the sentence model they change (a training flow fell back), and the
        // model's own answers are proved by the server tests that opt in (sentence-model.test.ts).
        MATCHER_EMBEDDER: 'none',
        // Drafts share the cores with the browsers at equal priority, as in the server tests
        // (apps/server/test/studio.ts says why); the product's default is the lowest, 19.
        TRANSCRIBE_NICENESS: '0',
        LOG_LEVEL: 'warn',
      },
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
