import type { Publication, StoryfileDetail } from '@conversa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrandProvider } from '@/components/brand';
import { webConfig } from '@/config/env';
import { toBrandView } from '@/lib/brand';
import { MEDTRONIC_BRAND } from '@/test/brands';
import { renderWithProviders } from '@/test/render';
import { PublishingSection } from './publishing-section';

const STORYFILE_ID = '0b5d7c1e-1111-4000-8000-000000000001';
const storyfile = { id: STORYFILE_ID, name: 'Grandma Rose', deletedAt: null } as StoryfileDetail;
const unpublished: Publication = {
  storyfileId: STORYFILE_ID,
  isPublished: false,
  slug: null,
  sharePath: null,
  publishedAt: null,
};
const published: Publication = {
  storyfileId: STORYFILE_ID,
  isPublished: true,
  slug: 'aZ09aZ09aZ',
  sharePath: '/s/aZ09aZ09aZ',
  publishedAt: '2026-01-05T10:00:00.000Z',
};

function mockServer(initial: Publication) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      if (url.endsWith('/publish')) {
        return Promise.resolve(Response.json(published));
      }
      if (url.endsWith('/unpublish')) {
        return Promise.resolve(
          Response.json({ ...published, isPublished: false, publishedAt: null }),
        );
      }
      return Promise.resolve(Response.json(initial));
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PublishingSection', () => {
  it('lets an owner publish, then shows the share link and the embed code', async () => {
    const user = userEvent.setup();
    const calls = mockServer(unpublished);
    renderWithProviders(<PublishingSection storyfile={storyfile} canOwn />);
    expect(await screen.findByText('Not published')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByLabelText('Share link')).toHaveValue(
      `${window.location.origin}/s/aZ09aZ09aZ`,
    );
    expect(calls).toContain(`POST /v1/conversa/storyfiles/${STORYFILE_ID}/publish`);
    expect(screen.getByRole('link', { name: /Open share link/ })).toHaveAttribute(
      'href',
      `${window.location.origin}/s/aZ09aZ09aZ`,
    );
    expect(screen.getByLabelText('Transcript page')).toHaveValue(
      `${window.location.origin}/s/aZ09aZ09aZ/transcript`,
    );
    expect(screen.getByLabelText('Embed code')).toHaveValue(
      `<iframe src="${window.location.origin}/s/aZ09aZ09aZ?embed=1" title="Grandma Rose" width="640" height="480" allow="microphone; autoplay; fullscreen" style="border:0"></iframe>`,
    );
  });

  it("writes every link on the brand's home address, whatever host the console is on", async () => {
    mockServer(published);
    renderWithProviders(
      <BrandProvider brand={toBrandView(MEDTRONIC_BRAND, webConfig)}>
        <PublishingSection storyfile={storyfile} canOwn />
      </BrandProvider>,
    );
    const home = 'http://medtronic.localhost:3000';
    expect(await screen.findByLabelText('Share link')).toHaveValue(`${home}/s/aZ09aZ09aZ`);
    expect(screen.getByRole('link', { name: /Open share link/ })).toHaveAttribute(
      'href',
      `${home}/s/aZ09aZ09aZ`,
    );
    expect(screen.getByLabelText('Transcript page')).toHaveValue(`${home}/s/aZ09aZ09aZ/transcript`);
    expect(screen.getByLabelText('Embed code')).toHaveValue(
      `<iframe src="${home}/s/aZ09aZ09aZ?embed=1" title="Grandma Rose" width="640" height="480" allow="microphone; autoplay; fullscreen" style="border:0"></iframe>`,
    );
  });

  it('asks before unpublishing, because the link stops working', async () => {
    const user = userEvent.setup();
    const calls = mockServer(published);
    renderWithProviders(<PublishingSection storyfile={storyfile} canOwn />);
    await user.click(await screen.findByRole('button', { name: 'Unpublish' }));
    const dialog = screen.getByRole('dialog', { name: 'Unpublish this storyfile?' });
    expect(dialog).toHaveTextContent('The share link stops working');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.endsWith('/unpublish'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(screen.getByText('Not published')).toBeInTheDocument());
    expect(calls).toContain(`POST /v1/conversa/storyfiles/${STORYFILE_ID}/unpublish`);
  });

  it('shows others the state read-only with the role they need', async () => {
    mockServer(published);
    renderWithProviders(<PublishingSection storyfile={storyfile} canOwn={false} />);
    expect(await screen.findByText('Published')).toBeInTheDocument();
    expect(
      screen.getByText('You need to be at least "Admin" to publish or unpublish this storyfile.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unpublish' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
  });
});
