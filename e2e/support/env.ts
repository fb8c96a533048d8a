import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

// Ports can be moved (E2E_PORT_BASE) so two runs on one machine, e.g. a CI check beside a
// developer's run, do not collide (E2E_DATA_DIR moves the studio's data directory too).
const base = Number(process.env.E2E_PORT_BASE ?? 3200);
const postgresPort = Number(process.env.E2E_POSTGRES_PORT ?? 54349);

const user = (email: string, password = 'e2e-password-1') => ({ email, password });

/** Addresses, accounts and namespaces of the browser-test studio (seeded by global-setup.ts). */
export const E2E = {
  /**
   * Debian's Chromium headless shell (package chromium-headless-shell), the headless build that
   * Playwright itself runs for headless Chromium. The full browser in `--headless=new` now and
   * then stopped producing frames for minutes on a loaded machine (animation frames and
   * screenshots waited until the test's timeout, twice in full runs); the shell draws a frame
   * whenever one is asked for. CHROMIUM_PATH moves it.
   */
  chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
  /**
   * The full browser, for what the shell lacks: a profile's preferences (hybrid-sign-in.spec.ts
   * blocks third-party cookies through them).
   */
  fullChromiumPath: process.env.FULL_CHROMIUM_PATH ?? '/usr/bin/chromium',
  studioPort: base,
  studioUrl: `http://127.0.0.1:${base}`,
  // Another loopback address: cookies ignore ports, so the two providers must not share a host.
  upstreamPort: base + 1,
  upstreamUrl: `http://127.0.0.2:${base + 1}`,
  upstreamClientId: 'studio-at-medtronic',
  upstreamClientSecret: 'upstream-secret',
  postgresPort,
  dataDir: process.env.E2E_DATA_DIR ?? path.join(here, '..', '.data'),
  repoRoot: path.join(here, '..', '..'),
  namespaces: {
    plain: { label: 'acme', attributes: '' },
    full: { label: 'globex', attributes: 'LEARNING_MODULE,SSO_WHITELIST' },
    learningOnly: { label: 'initech', attributes: 'LEARNING_MODULE' },
  },
  users: {
    admin: user('admin@e2e.test'),
    viewer: user('viewer@e2e.test'),
    editor: user('editor@e2e.test'),
    owner: user('owner@e2e.test'),
    ownerWithAttributes: user('owner.plus@e2e.test'),
    ownerWithLearning: user('owner.learning@e2e.test'),
    /**
     * Signs in through the medtronic upstream as login `maria` (auth.spec, brands.spec). A member
     * of `acme` already, so the whitelist flow of accounts.spec, which refuses every newcomer of
     * that provider while its list is in use, cannot refuse her from another worker.
     */
    medtronicMember: user('maria@medtronic.example'),
    /**
     * Flows that judge the whole upload bar (it hides once a failure is seen) upload as a person of
     * their own: the bar brings back the person's uploads still processing after a reload, and
     * another flow's upload as the same person, on the other worker, would stand on it.
     */
    barEditor: user('editor.bar@e2e.test'),
    barOwner: user('owner.bar@e2e.test'),
    /** uploads.spec's bar counts "Processing 1 video": another flow's upload stood on it too. */
    uploadsEditor: user('editor.uploads@e2e.test'),
  },
} as const;
