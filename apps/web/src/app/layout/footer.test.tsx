import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BrandProvider } from '@/components/brand';
import { webConfig } from '@/config/env';
import { toBrandView } from '@/lib/brand';
import { MEDTRONIC_BRAND } from '@/test/brands';
import { renderWithProviders } from '@/test/render';
import { Footer, isFooterHidden } from './footer';

describe('isFooterHidden (spec §2 Query parameters)', () => {
  it.each([
    ['?tab=record', true],
    ['?tab=interact', true],
    ['?tab=details', false],
    ['?tab=RECORD', false],
    ['', false],
    ['?search=record', false],
  ])('%j hides the footer: %s', (search, isHidden) => {
    expect(isFooterHidden(new URLSearchParams(search))).toBe(isHidden);
  });
});

describe('Footer (spec §2 Layout)', () => {
  it('opens the Support tooltip with phone, email and hours', async () => {
    renderWithProviders(<Footer onOpenFeedback={vi.fn()} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Support' })).toHaveFocus();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Phone: +1 (555) 010-0199');
    expect(tooltip).toHaveTextContent('Email: support@conversa.studio');
    expect(tooltip).toHaveTextContent('Mon-Fri 9am-6pm PT');
  });

  it("shows the brand's support phone and email, and its name, on a branded deployment", async () => {
    renderWithProviders(
      <BrandProvider brand={toBrandView(MEDTRONIC_BRAND, webConfig)}>
        <Footer onOpenFeedback={vi.fn()} />
      </BrandProvider>,
    );
    expect(screen.getByText(/© \d{4} Medtronic Conversations/)).toBeVisible();
    await userEvent.tab();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Phone: +1 (555) 010-0142');
    expect(tooltip).toHaveTextContent('Email: studio-support@medtronic.example');
    expect(tooltip).toHaveTextContent('Mon-Fri 9am-6pm PT');
  });

  it('keeps the Support tooltip open when the page scrolls it into view, and closes it on Escape or leaving', async () => {
    renderWithProviders(<Footer onOpenFeedback={vi.fn()} />);
    await userEvent.tab();
    await screen.findByRole('tooltip');
    // Tabbing to the footer of a long page scrolls it into view after the focus.
    fireEvent.scroll(document);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Phone: +1 (555) 010-0199');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    await userEvent.tab({ shift: true });
    await userEvent.tab();
    await screen.findByRole('tooltip');
    await userEvent.tab();
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('opens Give Feedback and Report a Bug', async () => {
    const onOpenFeedback = vi.fn();
    renderWithProviders(<Footer onOpenFeedback={onOpenFeedback} />);
    await userEvent.click(screen.getByRole('button', { name: 'Give Feedback' }));
    await userEvent.click(screen.getByRole('button', { name: 'Report a Bug' }));
    expect(onOpenFeedback.mock.calls).toEqual([['feedback'], ['bug']]);
  });

  it.each([
    ['Privacy Policy', 'https://conversa.studio/privacy'],
    ['Terms of Service', 'https://conversa.studio/terms'],
  ])('opens %s in a new tab', (name, href) => {
    renderWithProviders(<Footer onOpenFeedback={vi.fn()} />);
    const link = screen.getByRole('link', { name: new RegExp(name) });
    expect(link).toHaveAttribute('href', href);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
