import type { AskBackSettings, MatchingSettings } from '@conversa/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import {
  ASK_BACK_SETTINGS as ASK_BACK,
  matchingSettingsFixture,
} from './matching-settings.fixtures';
import { MatchingSettingsSection } from './matching-settings-section';

// Issue 50: "the studio's author can see and move the operating point in Matching settings, with a
// preview of what it changes (as the threshold has)".

const LAB_ID = '22222222-2222-4222-8222-222222222222';

const CAUTIOUS: AskBackSettings = {
  ...ASK_BACK,
  playRisk: 0.05,
  effectivePlayRisk: 0.05,
  playAt: 0.55,
  preview: {
    nearMissPlayed: 0.05,
    nearMissOffered: 0.65,
    offTopicPlayed: 0,
    offTopicOffered: 0.12,
  },
};

const SETTINGS = matchingSettingsFixture(LAB_ID);

let requested: { method: string; path: string; body: unknown }[] = [];
/** What the server's GET answers (a test may change it before rendering). */
let settings: MatchingSettings = SETTINGS;

function mockServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const { pathname } = new URL(input, 'http://studio');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      requested.push({ method, path: pathname, body });
      const base = `/v1/conversa/storyfiles/${LAB_ID}/matching-settings`;
      if (method === 'GET' && pathname === base) {
        return Promise.resolve(Response.json(settings));
      }
      if (method === 'POST' && pathname === `${base}/ask-back-preview`) {
        return Promise.resolve(Response.json(CAUTIOUS));
      }
      if (method === 'PUT' && pathname === `${base}/ask-back`) {
        return Promise.resolve(Response.json({ ...SETTINGS, askBack: CAUTIOUS }));
      }
      return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    }),
  );
}

beforeEach(() => {
  requested = [];
  settings = SETTINGS;
  mockServer();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the share of wrong answers risked (asking back)', () => {
  it('shows what the saved share gives on the script’s own questions', async () => {
    renderWithProviders(<MatchingSettingsSection storyfileId={LAB_ID} isEditable />);
    const slider = await screen.findByLabelText('Wrong answers risked');
    expect(slider).toHaveValue('10');
    const now = screen.getByRole('region', { name: 'What this share gives now' });
    expect(now).toHaveTextContent('10% would get a wrong answer played, 60% asked back');
    expect(now).toHaveTextContent(
      'plays from 0.45 (its score plus twice its lead over the next answer), asks back from 0.20, ' +
        'with the next answers from 0.10',
    );
    expect(screen.getByText('Using the default share.')).toBeVisible();
    // The slider's hint says what no point can change.
    expect(slider).toHaveAccessibleDescription(
      expect.stringContaining(
        'Whatever the share, no more than 4% of the off-topic questions are played.',
      ),
    );
  });

  it('says a clear lead is all a lead does where it adds nothing to the score', async () => {
    settings = { ...SETTINGS, askBack: { ...ASK_BACK, leadWeight: 0 } };
    renderWithProviders(<MatchingSettingsSection storyfileId={LAB_ID} isEditable />);
    const now = await screen.findByRole('region', { name: 'What this share gives now' });
    expect(now).toHaveTextContent('plays from 0.45 with a clear lead, asks back from 0.20');
  });

  it('previews a lower share before it is saved, then saves it', async () => {
    const person = userEvent.setup();
    renderWithProviders(<MatchingSettingsSection storyfileId={LAB_ID} isEditable />);
    const slider = await screen.findByLabelText('Wrong answers risked');
    fireEvent.change(slider, { target: { value: '5' } });
    const changes = await screen.findByRole('region', { name: 'What this share changes' });
    await waitFor(() =>
      expect(changes).toHaveTextContent('5% would get a wrong answer played, 65% asked back'),
    );
    expect(requested.filter((entry) => entry.method === 'POST').map((entry) => entry.body)).toEqual(
      [{ playRisk: 0.05 }],
    );
    expect(requested.filter((entry) => entry.method === 'PUT')).toEqual([]);

    await person.click(screen.getByRole('button', { name: 'Save share' }));
    await waitFor(() =>
      expect(requested.filter((entry) => entry.method === 'PUT')[0]?.body).toEqual({
        playRisk: 0.05,
      }),
    );
    expect(await screen.findByText('Saved the share of wrong answers risked (5%).')).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Matching' })).getByText(
        'Custom; the default is 10%.',
      ),
    ).toBeVisible();
  });
});
