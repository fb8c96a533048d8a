import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_ERROR_MESSAGES, WHITELIST_REFUSED_MESSAGE } from '@conversa/contracts';
import { SessionManager, SessionProvider } from '@/features/auth';
import { BrandProvider } from '@/components/brand';
import { webConfig } from '@/config/env';
import { toBrandView } from '@/lib/brand';
import { MEDTRONIC_BRAND } from '@/test/brands';
import { renderWithProviders } from '@/test/render';
import { LandingRoute } from './landing';

/** A session manager whose browser has no studio session. */
function createSignedOutManager() {
  return new SessionManager({
    fetch: () => Promise.resolve(new Response('{}', { status: 401 })),
    now: () => Date.now(),
    setTimeout: () => 0,
    clearTimeout: () => undefined,
    setInterval: () => 0,
    clearInterval: () => undefined,
    navigate: () => undefined,
    isPublicPage: () => false,
    createChannel: () => ({
      postMessage: () => undefined,
      close: () => undefined,
      onmessage: null,
    }),
  });
}

function renderLanding(path: string) {
  return renderWithProviders(
    <SessionProvider manager={createSignedOutManager()}>
      <LandingRoute />
    </SessionProvider>,
    { path },
  );
}

describe('landing page of a branded deployment', () => {
  it("shows the brand's name, logo and landing text, and signs in through its provider, without the silent check PUBLIC_URL's origin would answer", async () => {
    renderWithProviders(
      <BrandProvider brand={toBrandView(MEDTRONIC_BRAND, webConfig)}>
        <SessionProvider manager={createSignedOutManager()}>
          <LandingRoute />
        </SessionProvider>
      </BrandProvider>,
      { path: '/' },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: MEDTRONIC_BRAND.landing!.heading }),
    ).toBeVisible();
    expect(screen.getByText(MEDTRONIC_BRAND.landing!.text)).toBeVisible();
    expect(screen.getByText('Medtronic Conversations')).toBeVisible();
    expect(document.querySelector(`img[src="${MEDTRONIC_BRAND.logoUrl}"]`)).not.toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
        'href',
        '/api/auth/login?flow=hybrid&idp=medtronic',
      ),
    );
    expect(document.querySelector('iframe[title="Single sign-on check"]')).toBeNull();
    expect(screen.queryByText('Checking whether you are already signed in…')).toBeNull();
  });

  it("keeps the studio's own words and sign-in without a brand", async () => {
    renderLanding('/?signedOut=1');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Conversations with people, recorded once and answered forever.',
      }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/api/auth/login?flow=hybrid',
    );
  });
});

const silentFrame = () => document.querySelector('iframe[title="Single sign-on check"]');

describe('landing page silent sign-on check', () => {
  it('runs once signed out is known, beside a usable Sign in link', async () => {
    renderLanding('/');
    const status = await screen.findByText('Checking whether you are already signed in…');
    expect(status).toHaveAttribute('role', 'status');
    // The status shows at the commit that learns "signed out"; the frame comes from the effect
    // React runs after that commit (passive effects), so the query may see the text first.
    await waitFor(() =>
      expect(document.querySelectorAll('iframe[title="Single sign-on check"]')).toHaveLength(1),
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/api/auth/login?flow=hybrid',
    );
  });

  it.each([
    ['right after a sign-out', '/?signedOut=1'],
    ['when a sign-in failed', '/?signInError=not-completed'],
  ])('does not run %s', async (_name, path) => {
    renderLanding(path);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Sign in' })).toBeVisible());
    expect(silentFrame()).toBeNull();
    expect(screen.queryByText('Checking whether you are already signed in…')).toBeNull();
  });
});

// Issue 43, item 7: `/?signInError=<any text>` showed that text on the studio's page.
describe('landing page sign-in error', () => {
  it('shows the sentence of a code the studio sends', async () => {
    renderLanding('/?signInError=not-admitted');
    expect(await screen.findByText(WHITELIST_REFUSED_MESSAGE)).toBeVisible();
    expect(WHITELIST_REFUSED_MESSAGE).toBe(SIGN_IN_ERROR_MESSAGES['not-admitted']);
  });

  it.each(['Your account was compromised. Call +1 555 0100 now.', 'toString', '__proto__'])(
    'shows nothing of any other text (%s)',
    async (text) => {
      renderLanding(`/?signInError=${encodeURIComponent(text)}`);
      await waitFor(() => expect(screen.getByRole('link', { name: 'Sign in' })).toBeVisible());
      expect(screen.queryByText(text)).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );
});
