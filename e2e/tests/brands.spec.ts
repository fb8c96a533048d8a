import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { makeSuffix, seedStoryfile } from '../support/api';
import { E2E } from '../support/env';
import { keepScreenshot } from '../support/screenshots';

const SCREENSHOTS = 'test-results/brands';
mkdirSync(SCREENSHOTS, { recursive: true });

// Issue 45, item 1: one studio, three addresses. Chromium resolves every *.localhost name to
// loopback itself, so these are the studio on 127.0.0.1 under the brands' host names
// (e2e/support/brands.json, BRANDS_FILE in playwright.config.ts).
const at = (host: string, pathname: string) => `http://${host}:${E2E.studioPort}${pathname}`;

const MEDTRONIC = {
  host: 'medtronic.localhost',
  name: 'Medtronic Conversations',
  heading: 'Answers from Medtronic experts, on video, whenever patients ask.',
  text: 'Record product and patient-education answers once; every patient can ask their own questions.',
  primary: '#004b87',
};
const WALMART = {
  host: 'walmart.localhost',
  name: 'Walmart Storyfiles',
  heading: "Every associate's question, answered by the people who know.",
  text: 'Build storyfiles for onboarding and store operations, and let associates ask in their own words.',
  primary: '#0062b1',
};

async function expectBrandedLanding(page: Page, brand: typeof MEDTRONIC) {
  await page.goto(at(brand.host, '/'));
  await expect(page.getByRole('heading', { level: 1, name: brand.heading })).toBeVisible();
  await expect(page.getByText(brand.text)).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByText(brand.name, { exact: true })).toBeVisible();
  // The brand's own SVG, drawn by the browser (a broken image has no natural width).
  const logo = header.locator('img').first();
  await expect(logo).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(page).toHaveTitle(brand.name);
  // The Tailwind brand palette follows the brand's colour: the Sign in button is painted with it.
  const signIn = page.getByRole('link', { name: 'Sign in' });
  const [red, green, blue] = [1, 3, 5].map((start) =>
    Number.parseInt(brand.primary.slice(start, start + 2), 16),
  );
  await expect(signIn).toHaveCSS('background-color', `rgb(${red}, ${green}, ${blue})`);
  // Its landing page has no silent check: that frame would end on PUBLIC_URL's origin.
  await expect(page.getByText('Checking whether you are already signed in…')).toHaveCount(0);
  await expect(page.locator('iframe[title="Single sign-on check"]')).toHaveCount(0);
  await keepScreenshot(page, { path: `${SCREENSHOTS}/${brand.host}-landing.png` });
  return signIn;
}

test('medtronic.localhost shows its brand and signs in through the medtronic provider', async ({
  page,
}) => {
  const signIn = await expectBrandedLanding(page, MEDTRONIC);
  await expect(signIn).toHaveAttribute('href', '/api/auth/login?flow=hybrid&idp=medtronic');

  const authorization = page.waitForRequest((request) => request.url().includes('/idp/auth?'));
  await signIn.click();
  const hinted = new URL((await authorization).url());
  expect(hinted.searchParams.get('idp_hint')).toBe('medtronic');
  // The embedded provider hands the browser straight to the medtronic upstream's own page.
  await expect(page).toHaveURL(
    new RegExp(`^${E2E.upstreamUrl.replaceAll('.', '\\.')}/interaction/`),
  );
});

test('a person who signs in on medtronic.localhost keeps its brand in the studio, until they log out', async ({
  page,
}) => {
  const signIn = await expectBrandedLanding(page, MEDTRONIC);
  await signIn.click();
  await page.locator('input[name="login"]').fill('maria');
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: /sign-in/i }).click();
  // Every sign-in returns to PUBLIC_URL's host; the brand comes along.
  await expect(page).toHaveURL(new RegExp(`^${E2E.studioUrl.replaceAll('.', '\\.')}/dashboard$`));
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toContainText(MEDTRONIC.name);
  await expect(
    page.getByRole('heading', { level: 1, name: `Welcome to ${MEDTRONIC.name}` }),
  ).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(MEDTRONIC.name));
  await keepScreenshot(page, { path: `${SCREENSHOTS}/medtronic-signed-in-dashboard.png` });
  // /dashboard has no top bar: Logout sits in the user menu.
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Conversations with people, recorded once and answered forever.',
    }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByRole('banner').getByText('Conversa Studio', { exact: true }),
  ).toBeVisible();
});

test("walmart.localhost shows its own brand; with no provider of its own, Sign in offers the provider's page", async ({
  page,
}) => {
  const signIn = await expectBrandedLanding(page, WALMART);
  await expect(signIn).toHaveAttribute('href', '/api/auth/login?flow=hybrid');
  await expect(page.getByText(MEDTRONIC.name)).toHaveCount(0);
  await signIn.click();
  await expect(page).toHaveURL(new RegExp(`^${E2E.studioUrl.replaceAll('.', '\\.')}/idp/`));
  await expect(page.getByLabel('Email')).toBeVisible();
});

test("127.0.0.1 keeps the studio's own brand", async ({ page }) => {
  await page.goto('/?signedOut=1');
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Conversations with people, recorded once and answered forever.',
    }),
  ).toBeVisible();
  await expect(
    page.getByRole('banner').getByText('Conversa Studio', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('banner').locator('img[src="/logo.svg"]')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/api/auth/login?flow=hybrid',
  );
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCSS(
    'background-color',
    'rgb(79, 70, 229)',
  );
});

test("a share page on a brand's host carries the brand", async ({ page }) => {
  const response = await page.goto(at(MEDTRONIC.host, '/s/not-a-share-of-ours'));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('banner').getByText(MEDTRONIC.name, { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`Not available | ${MEDTRONIC.name}`);
  await page.goto(at(WALMART.host, '/s/not-a-share-of-ours'));
  await expect(page.getByRole('banner').getByText(WALMART.name, { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`Not available | ${WALMART.name}`);
});

// Issue 54, item 1: every link an author copies carries the brand they work under, though the
// console itself is on PUBLIC_URL's host (where every sign-in returns).
test("an author who signed in on walmart.localhost copies links that open Walmart's brand", async ({
  page,
  browser,
}) => {
  await page.goto(at(WALMART.host, '/'));
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(E2E.users.owner.email);
  await page.getByLabel('Password').fill(E2E.users.owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E.studioUrl.replaceAll('.', '\\.')}/dashboard$`));
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toContainText(WALMART.name);

  const name = `Branded link ${makeSuffix()}`;
  const seeded = await seedStoryfile(page, name, [
    { name: 'Store', questions: ['Where do the carts go?'] },
  ]);
  await page.goto(`/storyfiles/${seeded.id}?tab=settings`);
  const publishing = page.getByRole('region', { name: 'Publishing' });
  await publishing.getByRole('button', { name: 'Publish' }).click();
  await expect(publishing.getByText('Published', { exact: true })).toBeVisible();
  // brands.json gives Walmart no homeUrl: its home is its host on PUBLIC_URL's scheme and port.
  const home = at(WALMART.host, '');
  const shareUrl = await publishing.getByLabel('Share link', { exact: true }).inputValue();
  expect(shareUrl).toMatch(new RegExp(`^${home.replaceAll('.', '\\.')}/s/[0-9A-Za-z]{10}$`));
  await expect(publishing.getByRole('link', { name: /Open share link/ })).toHaveAttribute(
    'href',
    shareUrl,
  );
  await expect(publishing.getByLabel('Transcript page', { exact: true })).toHaveValue(
    `${shareUrl}/transcript`,
  );
  await expect(publishing.getByLabel('Embed code')).toHaveValue(
    new RegExp(`^<iframe src="${shareUrl.replaceAll('.', '\\.')}\\?embed=1" title="${name}"`),
  );
  await keepScreenshot(page, { path: `${SCREENSHOTS}/walmart-publishing.png` });

  // A visitor with no cookie of the studio opens the link and meets Walmart.
  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    // Read by the browser: Node's own requests do not resolve *.localhost names.
    const served = await visitor.goto(shareUrl);
    expect(served?.status()).toBe(200);
    const html = await served!.text();
    expect(html).toContain(`<title>${name} | ${WALMART.name}</title>`);
    expect(html).toContain(`<meta property="og:url" content="${shareUrl}" />`);
    await expect(
      visitor.getByRole('banner').getByText(WALMART.name, { exact: true }),
    ).toBeVisible();
    await expect(visitor).toHaveTitle(new RegExp(WALMART.name));
    await expect(visitor.locator('html')).toHaveAttribute('data-brand', 'walmart');
    // The transcript page has no header of its own: the brand is on the document (its colours).
    await visitor.goto(`${shareUrl}/transcript`);
    await expect(visitor.getByRole('link', { name: `← Talk with ${name}` })).toBeVisible();
    await expect(visitor.locator('html')).toHaveAttribute('data-brand', 'walmart');
  } finally {
    await visitorContext.close();
  }
});

// Issue 54, item 9: the embedded provider's sign-in page wears the brand the sign-in began under.
test("walmart.localhost's Sign in shows the provider's page in Walmart's name, logo and colour", async ({
  page,
}) => {
  await page.goto(at(WALMART.host, '/'));
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`^${E2E.studioUrl.replaceAll('.', '\\.')}/idp/`));
  await expect(page).toHaveTitle(`Sign in · ${WALMART.name}`);
  await expect(page.getByText(WALMART.name, { exact: true })).toBeVisible();
  await expect(page.getByText(`Use your ${WALMART.name} account.`)).toBeVisible();
  await expect(page.getByText('Conversa Studio')).toHaveCount(0);
  const logo = page.locator('main img').first();
  await expect(logo).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCSS(
    'background-color',
    'rgb(0, 98, 177)',
  );
  await keepScreenshot(page, { path: `${SCREENSHOTS}/walmart-sign-in.png` });
  // The same page reached from the studio's own address stays the studio's.
  const studioContext = await page.context().browser()!.newContext();
  try {
    const studioPage = await studioContext.newPage();
    await studioPage.goto(`${E2E.studioUrl}/?signedOut=1`);
    await studioPage.getByRole('link', { name: 'Sign in' }).click();
    await expect(studioPage).toHaveTitle('Sign in · Conversa Studio');
    await expect(studioPage.getByRole('button', { name: 'Sign in' })).toHaveCSS(
      'background-color',
      'rgb(79, 70, 229)',
    );
  } finally {
    await studioContext.close();
  }
});
