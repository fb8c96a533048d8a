import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROUTES, VIDEO_PROCESSING_MESSAGES } from '@conversa/contracts';
import { getNamespaceId, makeSuffix, seedStoryfile, WRITE_HEADERS } from '../support/api';
import { signInThroughProvider } from '../support/auth';
import { collectCspViolations } from '../support/csp';
import { E2E } from '../support/env';
import { findLayoutProblems, LAYOUT_WIDTHS, makeLongWord } from '../support/layout';
import { uploadVideo } from '../support/media';
import { keepScreenshot } from '../support/screenshots';

// Issue 15's layout mechanism: every screen of the route table, seeded with the longest data the
// contracts allow (120-character names, 500-character questions, 30 topics), at a phone, tablet,
// laptop and desktop width, must not scroll sideways nor hide a control under another element.
// A screenshot of each is kept (test-results/layout) to look at, at the phone and the widest
// width; E2E_LAYOUT_SCREENSHOTS=all keeps every width's (each full-page picture costs the browser
// a quarter of a second of CPU, a fifth of the walk's: 185 of them took 49 of its 109 s).
// Issue 20: the same walk fails on any Content-Security-Policy violation a screen causes (the
// console's strict policy: no inline script), and the sign-in through the provider's pages too.
// Issue 32: at 1366 px too, with a failed upload present, and judging words split across lines
// and sideways scrollers without a cue.

// Beside Playwright's own results, whichever folder the run starts in.
const SCREENSHOTS = path.join(E2E.repoRoot, 'e2e', 'test-results', 'layout');
const NAME_LENGTH = 120;
const QUESTION_LENGTH = 500;
const TOPIC_COUNT = 30;
const PICTURED_WIDTHS: readonly number[] =
  process.env.E2E_LAYOUT_SCREENSHOTS === 'all'
    ? LAYOUT_WIDTHS
    : [Math.min(...LAYOUT_WIDTHS), Math.max(...LAYOUT_WIDTHS)];

// Not serial: one screen failing must not hide the others. A new worker after a failure signs
// in again and reuses the data seeded once per run (the studio's data directory is fresh).
const SEED_FILE = path.join(E2E.dataDir, 'layout-seed.json');

let page: Page;
let cspViolations: Awaited<ReturnType<typeof collectCspViolations>>;
let signInViolations: string[] = [];
let seeded = { storyfileId: '', slug: '', conversationId: '', promoCode: '' };

async function post<T>(path: string, data: unknown, status = 201): Promise<T> {
  const response = await page.request.post(path, { headers: WRITE_HEADERS, data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(status);
  return (await response.json()) as T;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  cspViolations = await collectCspViolations(context);
  page = await context.newPage();
  // The admin passes every route's requirement, so every screen of the table renders.
  await signInThroughProvider(page, E2E.users.admin);
  signInViolations = cspViolations.take();
  if (existsSync(SEED_FILE)) {
    seeded = JSON.parse(readFileSync(SEED_FILE, 'utf8')) as typeof seeded;
    await dismissSeenFailure();
    return;
  }
  const suffix = makeSuffix();
  const question = (index: number) => makeLongWord(`Q${index}${suffix}`, QUESTION_LENGTH - 1) + '?';
  const storyfile = await seedStoryfile(
    page,
    makeLongWord(`Storyfile${suffix}`, NAME_LENGTH),
    Array.from({ length: TOPIC_COUNT }, (_, index) => ({
      name: makeLongWord(`Topic${index}${suffix}`, NAME_LENGTH),
      questions: index === 0 ? [question(0), question(1), question(2)] : [question(index + 3)],
    })),
  );
  seeded.storyfileId = storyfile.id;

  const namespaceId = await getNamespaceId(page);
  const topic = await post<{ id: string }>('/v1/conversa/topics', {
    namespaceId,
    name: makeLongWord(`LibraryTopic${suffix}`, NAME_LENGTH),
  });
  await post('/v1/conversa/questions', { topicId: topic.id, text: question(90) });
  await post('/v1/conversa/scripts', {
    namespaceId,
    name: makeLongWord(`Script${suffix}`, NAME_LENGTH),
    topics: [
      {
        name: makeLongWord(`ScriptTopic${suffix}`, NAME_LENGTH),
        questions: [{ text: question(91) }],
      },
    ],
  });

  const asked = await post<{ conversationId: string }>(
    `/v1/conversa/storyfiles/${storyfile.id}/ask`,
    { text: question(92) },
    200,
  );
  seeded.conversationId = asked.conversationId;
  const publication = await post<{ slug: string }>(
    `/v1/conversa/storyfiles/${storyfile.id}/publish`,
    {},
    200,
  );
  seeded.slug = publication.slug;
  // The Mobile App screens show it too: in the app, featured, and popular with a public visitor.
  const inApp = await page.request.put(
    `/v1/conversa/mobile-app/storyfiles/${storyfile.id}/in-app`,
    {
      headers: WRITE_HEADERS,
      data: { inApp: true },
    },
  );
  expect(inApp.status(), await inApp.text()).toBe(200);
  await post('/v1/conversa/mobile-app/featured', { storyfileId: storyfile.id });
  await page.request.get(`/v1/conversa/public/storyfiles/${publication.slug}`);
  await post(`/v1/conversa/public/storyfiles/${publication.slug}/ask`, { text: question(93) }, 200);

  // A promo code and a client with the longest words they take (issue 19).
  const promo = await post<{ code: string }>('/v1/conversa/promo-codes', {
    code: makeLongWord(`P${suffix}`, 40),
    description: makeLongWord(`PromoNote${suffix}`, 500),
    maxRedemptions: 1_000_000,
  });
  seeded.promoCode = promo.code;
  const signedUp = await page.request.post('/signup', {
    form: {
      code: promo.code,
      name: makeLongWord(`Client${suffix}`, NAME_LENGTH),
      email: `${makeLongWord(`client${suffix}`, 60).toLowerCase()}@e2e.test`,
      password: 'layout-password-1',
    },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(201);

  // Issue 32: a failed upload (a text file named .mp4) followed the person to every screen on the
  // upload bar and covered controls; every screen is judged with one present.
  const notAVideo = path.join(mkdtempSync(path.join(tmpdir(), 'conversa-layout-')), 'notes.mp4');
  writeFileSync(notAVideo, 'These are my notes, not a video.\n'.repeat(40));
  const failedUpload = await uploadVideo(
    page,
    storyfile.id,
    { questionId: storyfile.topics[0]!.questions[1]!.id },
    notAVideo,
  );
  await expect
    .poll(
      async () => {
        const response = await page.request.get(
          `/v1/conversa/upload/status?uploadObjectKey=${encodeURIComponent(failedUpload)}`,
          { headers: WRITE_HEADERS },
        );
        return ((await response.json()) as { error: string | null }).error;
      },
      { timeout: 60_000 },
    )
    .toBe(VIDEO_PROCESSING_MESSAGES.notAVideo);
  writeFileSync(SEED_FILE, JSON.stringify(seeded));
  await dismissSeenFailure();
});

/**
 * Issue 44: the upload bar says "1 failed" until the person has seen the failure. The screens are
 * judged as a person who has seen it meets them; the bar, while it shows, is judged over the
 * longest screen it met (the Record tab) by floating-pieces.spec.ts.
 */
async function dismissSeenFailure() {
  await page.goto('/dashboard');
  const dismiss = page.getByRole('button', { name: 'Dismiss failed uploads' });
  await expect(dismiss).toBeVisible();
  await dismiss.click();
  await expect(page.getByRole('region', { name: 'Upload progress' })).toHaveCount(0);
}

test.afterAll(async () => {
  await page?.context().close();
});

/** The screens to judge: every path of the route table, and the pages with an id in them. */
function listScreens(): { name: string; path: () => string }[] {
  const table = ROUTES.filter((route) => route.path !== '/_app').map((route) => ({
    name: route.path,
    path: () => route.path,
  }));
  return [
    ...table,
    { name: '/storyfiles/:id', path: () => `/storyfiles/${seeded.storyfileId}` },
    {
      name: '/storyfiles/:id?tab=record',
      path: () => `/storyfiles/${seeded.storyfileId}?tab=record`,
    },
    {
      name: '/storyfiles/:id?tab=interact',
      path: () => `/storyfiles/${seeded.storyfileId}?tab=interact`,
    },
    {
      name: '/storyfiles/:id?tab=settings',
      path: () => `/storyfiles/${seeded.storyfileId}?tab=settings`,
    },
    // The training screens with the long storyfile chosen: its test bench, suggestions, checklist.
    ...['custom_categories', 'custom_words', 'instructions'].map((screen) => ({
      name: `/training/${screen}?storyfileId=`,
      path: () => `/training/${screen}?storyfileId=${seeded.storyfileId}`,
    })),
    {
      name: '/training/chat_logs?conversation=',
      path: () => `/training/chat_logs?conversation=${seeded.conversationId}`,
    },
    { name: '/signup?code=', path: () => `/signup?code=${seeded.promoCode}` },
    { name: '/s/:slug', path: () => `/s/${seeded.slug}` },
    { name: '/s/:slug?embed=1', path: () => `/s/${seeded.slug}?embed=1` },
  ];
}

test('signing in through the provider breaks no Content-Security-Policy', () => {
  expect(signInViolations).toEqual([]);
});

for (const screen of listScreens()) {
  test(`layout holds at every width, within the CSP: ${screen.name}`, async () => {
    // Five widths of the longest data, each walked viewport by viewport, on a loaded machine.
    test.setTimeout(180_000);
    const problems: string[] = [];
    cspViolations.take();
    // Loaded fresh at the phone width, then widened, as a window or a turned tablet is: one load
    // per screen instead of four keeps the run short.
    for (const [index, width] of LAYOUT_WIDTHS.entries()) {
      // Steps, so a run that stops names where (a load, the walk, the screenshot) and at which width.
      await test.step(`${width}px: load or resize`, async () => {
        await page.setViewportSize({ width, height: 900 });
        if (index === 0) {
          await page.goto(screen.path());
          await page.waitForLoadState('networkidle');
          // Lazy chunks and skeletons settle after the last request.
          await page.waitForTimeout(300);
        } else {
          // Two frames for the new width; bounded, as in findLayoutProblems.
          await page.evaluate(
            () =>
              new Promise((resolve) => {
                requestAnimationFrame(() => requestAnimationFrame(resolve));
                setTimeout(resolve, 250);
              }),
          );
        }
      });
      const found = await test.step(`${width}px: walk the layout`, () => findLayoutProblems(page));
      problems.push(...found.map((problem) => `${width}px: ${problem}`));
      if (PICTURED_WIDTHS.includes(width)) {
        const file = `${SCREENSHOTS}/${screen.name.replace(/[^a-z0-9]+/gi, '_')}-${width}.png`;
        await test.step(`${width}px: keep a screenshot`, () =>
          keepScreenshot(page, { path: file, fullPage: true }, `${screen.name} at ${width}px`));
      }
    }
    expect(problems).toEqual([]);
    expect(cspViolations.take(), 'Content-Security-Policy violations').toEqual([]);
  });
}
