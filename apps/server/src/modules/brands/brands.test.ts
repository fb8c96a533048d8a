import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRAND, SYSTEM_ID, SYSTEM_ID_HEADER, brandSchema } from '@conversa/contracts';
import { signIn, startTestStudio, TestBrowser, type TestStudio } from '../../../test/studio.ts';
import { eq } from 'drizzle-orm';
import { authLoginStates } from '../auth/auth.tables.ts';
import { getLoginBindingCookieName } from '../auth/index.ts';
import { createUser } from '../users/index.ts';

// The example file shipped with the studio: medtronic.localhost and walmart.localhost.
const BRANDS_FILE = path.resolve(import.meta.dirname, '../../../../../config/brands.example.json');
const PROVIDERS = {
  IDP_MEDTRONIC_ISSUER: 'https://login.medtronic.example',
  IDP_MEDTRONIC_CLIENT_ID: 'studio',
  IDP_WALMART_ISSUER: 'https://login.walmart.example',
  IDP_WALMART_CLIENT_ID: 'studio',
};
const STUDIO_FORM = 'https://forms.example.com/studio-feedback';

let studio: TestStudio;
let behindProxy: TestStudio;
let cookie: string;

beforeAll(async () => {
  [studio, behindProxy] = await Promise.all([
    startTestStudio({ BRANDS_FILE, FEEDBACK_FORM_URL: STUDIO_FORM, ...PROVIDERS }),
    startTestStudio({ BRANDS_FILE, TRUST_PROXY: '127.0.0.1', ...PROVIDERS }),
  ]);
  await createUser(studio.database.db, { email: 'writer@acme.test', password: 'writer-password' });
  const browser = new TestBrowser(studio.baseUrl);
  await signIn(browser, 'writer@acme.test', 'writer-password');
  cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
});

afterAll(async () => {
  await Promise.all([studio?.stop(), behindProxy?.stop()]);
});

async function getBrand(target: TestStudio, headers: Record<string, string>) {
  const response = await target.app.inject({
    method: 'GET',
    url: '/v1/conversa/public/brand',
    headers: { [SYSTEM_ID_HEADER]: SYSTEM_ID, ...headers },
  });
  expect(response.statusCode).toBe(200);
  return brandSchema.parse(response.json());
}

describe('GET /v1/conversa/public/brand', () => {
  it.each([
    ['medtronic.localhost:3000', 'medtronic', 'Medtronic Conversations', 'medtronic'],
    ['MEDTRONIC.localhost', 'medtronic', 'Medtronic Conversations', 'medtronic'],
    ['walmart.localhost:3000', 'walmart', 'Walmart Storyfiles', 'walmart'],
  ])('answers the brand of the host %s without a session', async (host, id, name, idpHint) => {
    const brand = await getBrand(studio, { host });
    // homeUrl: the address every link an author copies is written with (issue 54, item 1).
    const homeUrl = `http://${id}.localhost:3000`;
    expect(brand).toMatchObject({ id, name, idpHint, isSignInOrigin: false, homeUrl });
    expect(brand.logoUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(brand.primaryColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(brand.landing?.heading).toBeTruthy();
    expect(brand.supportEmail).toMatch(/@/);
  });

  it("answers the studio's own brand, unchanged, on any other host", async () => {
    // PUBLIC_URL's own host, where sign-in returns and the silent check can answer.
    expect(await getBrand(studio, { host: new URL(studio.baseUrl).host })).toEqual(DEFAULT_BRAND);
    expect(await getBrand(studio, { host: 'studio.example.com' })).toEqual({
      ...DEFAULT_BRAND,
      isSignInOrigin: false,
    });
    expect(DEFAULT_BRAND).toMatchObject({ id: 'studio', name: 'Conversa Studio' });
  });

  it('keeps the brand a person signed in under on a host of no brand (the sign-in cookie)', async () => {
    const home = new URL(studio.baseUrl).host;
    const signedInUnder = (id: string) => ({ cookie: `conversa_brand=${id}` });
    // Its links are written on the brand's home, not on this host (issue 54, item 1).
    expect(await getBrand(studio, { host: home, ...signedInUnder('medtronic') })).toMatchObject({
      id: 'medtronic',
      name: 'Medtronic Conversations',
      isSignInOrigin: true,
      homeUrl: 'http://medtronic.localhost:3000',
    });
    // A brand's own host is that brand whatever the cookie says; an unknown id is no brand.
    expect(
      (await getBrand(studio, { host: 'walmart.localhost', ...signedInUnder('medtronic') })).id,
    ).toBe('walmart');
    expect((await getBrand(studio, { host: home, ...signedInUnder('nobody') })).id).toBe('studio');
  });

  it('hands a sign-in begun on a brand host over to PUBLIC_URL, where it remembers the brand', async () => {
    const publicHost = new URL(studio.baseUrl).host;
    const started = await studio.app.inject({
      method: 'GET',
      url: '/api/auth/login?flow=hybrid&idp=medtronic',
      headers: { host: 'medtronic.localhost' },
    });
    // The callback comes to PUBLIC_URL's host: the sign-in begins there, for the browser's login
    // binding cookie to be where the callback reads it.
    expect(started.statusCode).toBe(303);
    const handOver = new URL(started.headers.location!);
    expect(handOver.origin).toBe(studio.baseUrl);
    expect(handOver.pathname).toBe('/api/auth/login');
    expect(Object.fromEntries(handOver.searchParams)).toEqual({
      flow: 'hybrid',
      idp: 'medtronic',
      brand: 'medtronic',
    });
    expect(started.cookies.some(({ name }) => name.startsWith('conversa_login'))).toBe(false);

    const readBrandOfStart = async (url: string) => {
      const response = await studio.app.inject({
        method: 'GET',
        url,
        headers: { host: publicHost },
      });
      expect(response.statusCode).toBe(303);
      const state = new URL(response.headers.location!).searchParams.get('state')!;
      expect(response.cookies.map(({ name }) => name)).toContain(getLoginBindingCookieName(state));
      const [row] = await studio.database.db
        .select({ brandId: authLoginStates.brandId })
        .from(authLoginStates)
        .where(eq(authLoginStates.state, state));
      return row?.brandId;
    };
    expect(await readBrandOfStart(`${handOver.pathname}${handOver.search}`)).toBe('medtronic');
    expect(await readBrandOfStart('/api/auth/login')).toBeNull();
    // A brand the studio does not know is not remembered.
    expect(await readBrandOfStart('/api/auth/login?brand=acme')).toBeNull();
  });

  it('believes X-Forwarded-Host only from a proxy TRUST_PROXY names', async () => {
    const forwarded = { host: '127.0.0.1', 'x-forwarded-host': 'medtronic.localhost' };
    expect((await getBrand(studio, forwarded)).id).toBe('studio');
    expect((await getBrand(behindProxy, forwarded)).id).toBe('medtronic');
    const fromElsewhere = await behindProxy.app.inject({
      method: 'GET',
      url: '/v1/conversa/public/brand',
      remoteAddress: '192.0.2.7',
      headers: { [SYSTEM_ID_HEADER]: SYSTEM_ID, ...forwarded },
    });
    expect(fromElsewhere.json<{ id: string }>().id).toBe('studio');
  });

  it('is documented in /docs/json', async () => {
    const document = (await (await fetch(`${studio.baseUrl}/docs/json`)).json()) as {
      paths: Record<string, { get?: { responses: Record<string, { content: unknown }> } }>;
    };
    const operation = document.paths['/v1/conversa/public/brand']?.get;
    expect(JSON.stringify(operation?.responses[200]?.content)).toContain('idpHint');
  });
});

describe('the brand on the server side', () => {
  it("gives each host its brand's feedback form, and the others FEEDBACK_FORM_URL", async () => {
    const formOn = async (host: string) => {
      const response = await studio.app.inject({
        method: 'GET',
        url: '/v1/conversa/feedback/config',
        headers: { [SYSTEM_ID_HEADER]: SYSTEM_ID, host, cookie },
      });
      expect(response.statusCode).toBe(200);
      return response.json<{ formUrl: string | null }>().formUrl;
    };
    expect(await formOn('medtronic.localhost')).toBe(
      'https://forms.medtronic.example/studio-feedback',
    );
    expect(await formOn('walmart.localhost')).toBe('https://forms.walmart.example/studio-feedback');
    expect(await formOn('127.0.0.1')).toBe(STUDIO_FORM);
  });

  it("lets the console frame every brand's feedback form (CSP frame-src)", async () => {
    const response = await studio.app.inject({ method: 'GET', url: '/healthz' });
    const policy = String(response.headers['content-security-policy']);
    const frameSrc = /frame-src ([^;]+)/.exec(policy)?.[1];
    expect(frameSrc?.split(' ')).toEqual([
      "'self'",
      'https://forms.example.com',
      'https://forms.medtronic.example',
      'https://forms.walmart.example',
    ]);
  });

  it("dresses the embedded provider's sign-in page in the brand the sign-in began under", async () => {
    // Walmart has no provider hint: its sign-in shows the provider's own page (issue 54, item 9).
    const browser = new TestBrowser(studio.baseUrl);
    const branded = await browser.follow('/api/auth/login?brand=walmart');
    expect(branded.url).toContain('/idp/interaction/');
    const html = await branded.response.text();
    expect(html).toContain('<title>Sign in · Walmart Storyfiles</title>');
    expect(html).toContain('Use your Walmart Storyfiles account.');
    expect(html).toMatch(/<img src="data:image\/svg\+xml;base64,[^"]+" alt="">Walmart Storyfiles/);
    const colors = /<style>(:root\{--brand:#0062b1;[^<]*)<\/style>/.exec(html)?.[1];
    expect(colors, 'the brand colour stylesheet').toBeDefined();
    // The page's policy allows that stylesheet (by hash) and the data: logo.
    const policy = String(branded.response.headers.get('content-security-policy'));
    const hash = createHash('sha256').update(colors!).digest('base64');
    expect(policy).toContain(`'sha256-${hash}'`);
    expect(policy).toMatch(/img-src 'self' data:/);

    const plain = await new TestBrowser(studio.baseUrl).follow('/api/auth/login');
    const plainHtml = await plain.response.text();
    expect(plainHtml).toContain('<title>Sign in · Conversa Studio</title>');
    expect(plainHtml).not.toContain('--brand:#0062b1');
  });

  it("titles the share page with the host's brand and links it at the brand's home address", async () => {
    const pageOn = async (host: string) =>
      (await studio.app.inject({ method: 'GET', url: '/s/no-such-page', headers: { host } })).body;
    const medtronic = await pageOn('medtronic.localhost');
    expect(medtronic).toContain('<title>Not available | Medtronic Conversations</title>');
    expect(medtronic).toContain(
      '<meta property="og:url" content="http://medtronic.localhost:3000/s/no-such-page" />',
    );
    expect(await pageOn('127.0.0.1')).toContain('<title>Not available | Conversa Studio</title>');
  });
});
