import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '@conversa/contracts';
import { signIn, startTestStudio, TestBrowser, type TestStudio } from '../../test/studio.ts';
import {
  buildMember,
  buildNamespace,
  buildStoryfile,
  type ApiClient,
} from '../../test/storyfile.fixtures.ts';

// Issue 20: the console's pages carried no CSP, no nosniff, no referrer policy. Every answer now
// carries them (helmet), the embed alone may be framed by other sites, and HSTS comes only with
// an https PUBLIC_URL.

let studio: TestStudio;
let httpsStudio: TestStudio;
let owner: ApiClient;
let slug: string;

const CONSOLE_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "object-src 'none'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "frame-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join(';');

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The policy as directive name -> sources. */
function parseCsp(header: string | null): Map<string, string[]> {
  expect(header, 'content-security-policy').toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectCommonHeaders(response: Response) {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('permissions-policy')).toBe(
    'camera=(self), microphone=(self), geolocation=(), payment=(), usb=(), display-capture=()',
  );
}

beforeAll(async () => {
  [studio, httpsStudio] = await Promise.all([
    startTestStudio(),
    startTestStudio({ PUBLIC_URL: 'https://studio.example.test' }),
  ]);
  const namespaceId = await buildNamespace(studio, 'acme');
  owner = await buildMember(studio, 'owner@acme.test', { acme: 'owner:ns' });
  const storyfile = await buildStoryfile(owner, namespaceId);
  slug = (
    await owner.expectStatus<{ slug: string }>(
      200,
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/publish`,
    )
  ).slug;
});

afterAll(async () => {
  await Promise.all([studio?.stop(), httpsStudio?.stop()]);
});

describe('security headers', () => {
  it('a console page carries the strict policy, nosniff, the referrer and permissions policies', async () => {
    const page = await fetch(`${studio.baseUrl}/storyfiles`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-security-policy')).toBe(CONSOLE_CSP);
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expectCommonHeaders(page);
    expect(page.headers.get('strict-transport-security')).toBeNull();
    if (page.headers.get('content-type')?.includes('text/html')) {
      // The built console (when built): its scripts are files, never inline.
      const html = await page.text();
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
  });

  it('API answers carry them too', async () => {
    const answer = await owner.browser.api('/v1/conversa/auth/me');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toBe(CONSOLE_CSP);
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expectCommonHeaders(answer);
  });

  it('only the embed page may be framed by any origin; the share page itself by the studio', async () => {
    const embed = await fetch(`${studio.baseUrl}/s/${slug}?embed=1`);
    expect(embed.status).toBe(200);
    const embedCsp = parseCsp(embed.headers.get('content-security-policy'));
    expect(embedCsp.get('frame-ancestors')).toEqual(['*']);
    expect(embedCsp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expectCommonHeaders(embed);

    // An embed of a storyfile no longer available still shows its message inside the frame.
    const gone = await fetch(`${studio.baseUrl}/s/unknown-slug?embed=1`);
    expect(gone.status).toBe(404);
    expect(parseCsp(gone.headers.get('content-security-policy')).get('frame-ancestors')).toEqual([
      '*',
    ]);

    for (const path of [`/s/${slug}`, `/s/${slug}?embed=0`, `/s/${slug}?embed=true`]) {
      const share = await fetch(`${studio.baseUrl}${path}`);
      expect(share.headers.get('content-security-policy'), path).toBe(CONSOLE_CSP);
      expect(share.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
    }
    // And not some other page with embed=1 in its query.
    const other = await fetch(`${studio.baseUrl}/storyfiles?embed=1`, {
      headers: { accept: 'text/html' },
    });
    expect(other.headers.get('content-security-policy')).toBe(CONSOLE_CSP);
    expect(other.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('HSTS only when PUBLIC_URL is https, which also upgrades insecure requests', async () => {
    // Its PUBLIC_URL names no reachable host, so the request goes to the app itself.
    const secure = await httpsStudio.app.inject({ method: 'GET', url: '/healthz' });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000');
    const secureCsp = parseCsp(String(secure.headers['content-security-policy']));
    expect(secureCsp.has('upgrade-insecure-requests')).toBe(true);
    const plain = await fetch(`${studio.baseUrl}/healthz`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    expect(plain.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
  });

  it('the provider sign-in page allows its own stylesheet by hash, no inline script and no style attribute', async () => {
    const browser = new TestBrowser(studio.baseUrl);
    const login = await browser.follow('/api/auth/login');
    expect(login.url).toContain('/idp/interaction/');
    const html = await login.response.text();
    const csp = parseCsp(login.response.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(csp.get('style-src')).toEqual([sha256(style!)]);
    expect(html).not.toMatch(/\sstyle="/);
    expect(html).not.toContain('<script');
    expectCommonHeaders(login.response);
  });

  it("the provider's sign-out page may run exactly its auto-submit script", async () => {
    const browser = new TestBrowser(studio.baseUrl);
    await signIn(browser, 'owner@acme.test', 'password-123');
    const logout = await browser.api('/api/auth/logout', { method: 'POST' });
    const { redirectTo } = (await logout.json()) as { redirectTo: string };
    // The studio's own step redirects to the provider's end-session (issue 30).
    const page = (await browser.follow(redirectTo)).response;
    expect(page.status).toBe(200);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(scripts).toEqual(["document.forms['op.logoutForm'].submit()"]);
    const csp = parseCsp(page.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toEqual([sha256(scripts[0]!)]);
  });

  it("the silent check's page keeps its own policy: its one script, framed by the studio only", async () => {
    const page = await fetch(`${studio.baseUrl}/api/auth/silent-check-done?result=signed-in`);
    const html = await page.text();
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
    const csp = parseCsp(page.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual([sha256(script!)]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  });

  // Issue 30, item 4: `GET /assets/<missing>` with `Accept: text/html` answered 200 with the
  // console's index.html and none of the document headers, so any site could frame the console.
  it('every HTML answer carries the policy, and a missing asset is a 404, whatever it accepts', async () => {
    const paths = [
      ...ROUTES.map((route) => route.path.replace(/:(\w+)/g, 'x-$1')),
      '/no/such/page',
      '/storyfiles/00000000-0000-4000-8000-000000000000?tab=record',
      `/s/${slug}`,
      '/api/auth/silent-check-done?result=login-required',
      '/docs',
      '/assets/missing.js',
      '/assets/missing/',
      '/assets/index.html',
      '/index.html',
    ];
    const unprotected: string[] = [];
    for (const path of paths) {
      const answer = await fetch(`${studio.baseUrl}${path}`, {
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      if (path.startsWith('/assets/')) {
        expect(answer.status, path).toBe(404);
      }
      if (!answer.headers.get('content-type')?.includes('text/html')) {
        continue;
      }
      const csp = parseCsp(answer.headers.get('content-security-policy'));
      const missing = [
        csp.get('frame-ancestors')?.includes("'self'") ? null : 'frame-ancestors',
        answer.headers.get('x-frame-options') === 'SAMEORIGIN' ? null : 'x-frame-options',
        answer.headers.get('referrer-policy') ? null : 'referrer-policy',
        answer.headers.get('x-content-type-options') === 'nosniff' ? null : 'nosniff',
      ].filter(Boolean);
      if (missing.length > 0) {
        unprotected.push(`${path} (${answer.status}) lacks ${missing.join(', ')}`);
      }
    }
    expect(unprotected).toEqual([]);
  });
});
