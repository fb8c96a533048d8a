import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { makeSuffix, seedStoryfile } from '../support/api';
import { signIn } from '../support/auth';
import { E2E } from '../support/env';
import { findLayoutProblems } from '../support/layout';
import { makeTestVideo, uploadProcessedVideo } from '../support/media';
import { keepScreenshot } from '../support/screenshots';

const SCREENSHOTS = 'test-results/embed';

/**
 * Serves one page that holds `snippet` from another origin (the studio's address on another
 * port), as a site that pastes the studio's embed code would. Same site on purpose: over plain
 * HTTP the visitor cookie is SameSite=Lax (None needs HTTPS), so a page of another site could
 * not continue a conversation here.
 */
async function serveEmbeddingPage(snippet: string): Promise<{ url: string; server: Server }> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A museum page</title></head><body><h1>Meet our storyteller</h1>${snippet}</body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, server };
}

test('the embedded player keeps its video size on another site, exchange after exchange', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page, E2E.users.owner);
  const name = `Embedded ${makeSuffix()}`;
  const seeded = await seedStoryfile(page, name, [
    {
      name: 'Life',
      questions: ['Where did you grow up?', 'What was your first job?', 'Who taught you to cook?'],
    },
  ]);
  await uploadProcessedVideo(
    page,
    seeded.id,
    { clipKind: 'idle' },
    makeTestVideo({ frequency: 220, seconds: 2 }),
  );

  // The owner publishes and copies the studio's own embed code.
  await page.goto(`/storyfiles/${seeded.id}?tab=settings`);
  const publishing = page.getByRole('region', { name: 'Publishing' });
  await publishing.getByRole('button', { name: 'Publish' }).click();
  await expect(publishing.getByText('Published', { exact: true })).toBeVisible();
  const snippet = await publishing.getByLabel('Embed code').inputValue();
  expect(snippet).toContain('width="640" height="480"');

  const site = await serveEmbeddingPage(snippet);
  const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const visitor = await visitorContext.newPage();
    const consoleErrors: string[] = [];
    visitor.on('console', (message) => {
      if (message.type() === 'error') {
        consoleErrors.push(`${message.text()} (${message.location().url})`);
      }
    });
    await visitor.goto(site.url);
    const frame = visitor.frameLocator(`iframe[title="${name}"]`);
    const video = frame.locator(`video[aria-label="${name}, listening"]`);
    await frame.getByRole('button', { name: 'Start the conversation' }).click();
    const box = await video.boundingBox();
    expect(box, 'the idle video is shown').not.toBeNull();
    // 640 px wide less the page's padding: a 16:9 picture, not a sliver.
    expect(box!.height).toBeGreaterThan(200);

    const questions = [
      'Where did you grow up?',
      'What was your first job?',
      'Who taught you to cook?',
      'zxqv blorf quantum pineapple',
      'Where did you grow up?',
    ];
    const transcript = frame.getByRole('region', { name: 'Transcript' });
    for (const [index, question] of questions.entries()) {
      const field = frame.getByLabel(`Ask ${name} a question`);
      await field.fill(question);
      await field.press('Enter');
      // The greeting (the intro's text: no intro clip is recorded) comes first (issue 68, item 8).
      await expect(transcript.getByRole('listitem')).toHaveCount((index + 1) * 2 + 1);
      await expect(field).toHaveValue('');
      const now = await video.boundingBox();
      expect(now, `the video after exchange ${index + 1}`).not.toBeNull();
      expect(
        Math.round(now!.height),
        `the video's height after exchange ${index + 1}`,
      ).toBeGreaterThanOrEqual(Math.round(box!.height));
      // The newest turn is readable inside the iframe, not pushed out of it.
      await expect(transcript.getByRole('listitem').last()).toBeInViewport();
      // The layout walk judges the embed as it is framed (a video below its set size included).
      const embedded = visitor.frames().find((frame) => frame.url().includes('embed=1'));
      expect(await findLayoutProblems(embedded!), `after exchange ${index + 1}`).toEqual([]);
    }
    await keepScreenshot(visitor, { path: `${SCREENSHOTS}/embedded-after-five.png` });
    // A signed-out visit of an embed logs no error (issue 44, item 27).
    expect(consoleErrors).toEqual([]);
  } finally {
    await visitorContext.close();
    await new Promise((resolve) => site.server.close(resolve));
  }
});
