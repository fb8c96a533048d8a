import type { StoryfileDetail } from '@conversa/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SettingsPanel } from './settings-panel';

function buildDetail(status: StoryfileDetail['status']): StoryfileDetail {
  return {
    id: '0b5d7c1e-1111-4000-8000-000000000001',
    namespaceId: '0b5d7c1e-1111-4000-8000-000000000002',
    namespaceLabel: 'north',
    name: 'Grandma Rose',
    description: '',
    language: 'en-US',
    status,
    avatarUrl: null,
    topicCount: 0,
    questionCount: 0,
    answeredCount: 0,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    deletedAt: null,
    createdBy: null,
    updatedBy: null,
    topics: [],
    clips: [],
    starters: [],
  };
}

// Issue 15, defect 1: publishing has one door, the Publishing card; Status cannot open it.
describe('SettingsPanel status', () => {
  it('offers only the work statuses, never "Published"', () => {
    renderWithProviders(
      <SettingsPanel storyfile={buildDetail('draft')} isEditable canRestore={false} />,
    );
    const select = screen.getByRole('combobox', { name: 'Status' });
    const options = Array.from(select.querySelectorAll('option')).map((option) => option.text);
    expect(options).toEqual(['Draft', 'Recording', 'Ready']);
  });

  it('shows a published storyfile as Published and points to the Publishing card', () => {
    renderWithProviders(
      <SettingsPanel storyfile={buildDetail('published')} isEditable canRestore={false} />,
    );
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('Published');
    expect(
      screen.getByText(
        'Published. Unpublish it on the Publishing card above to change its status.',
      ),
    ).toBeInTheDocument();
  });
});

// Issue 32, item 10: a disabled Save settings says why; the name counts characters near its limit.
describe('SettingsPanel Save settings', () => {
  it('says why Save settings is disabled: nothing changed, then an empty name', async () => {
    const person = userEvent.setup();
    renderWithProviders(
      <SettingsPanel storyfile={buildDetail('draft')} isEditable canRestore={false} />,
    );
    const save = screen.getByRole('button', { name: 'Save settings' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('Nothing to save: no setting has changed.');

    await person.clear(screen.getByRole('textbox', { name: 'Name' }));
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(
      'To save, give the storyfile a name: it cannot be empty.',
    );
    expect(
      screen.getByText('To save, give the storyfile a name: it cannot be empty.'),
    ).toBeVisible();
  });

  it('counts the name’s characters as its 120-character limit nears', async () => {
    const person = userEvent.setup();
    renderWithProviders(
      <SettingsPanel storyfile={buildDetail('draft')} isEditable canRestore={false} />,
    );
    const name = screen.getByRole('textbox', { name: 'Name' });
    await person.clear(name);
    await person.paste('g'.repeat(118));
    expect(screen.getByText('118 of 120 characters (2 left).')).toBeVisible();
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining('118 of 120 characters (2 left).'),
    );
  });
});

// Issue 44: the refusal's banner stayed after the language was fixed.
describe('SettingsPanel refusal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the error banner away once the refused field is changed', async () => {
    const refusal = 'language: Use a language tag such as en-US.';
    vi.stubGlobal(
      'fetch',
      vi.fn((_input: string, init: RequestInit = {}) =>
        Promise.resolve(
          (init.method ?? 'GET') === 'PATCH'
            ? Response.json(
                { statusCode: 400, error: 'BAD_REQUEST', message: refusal },
                { status: 400 },
              )
            : Response.json({ unique: true }),
        ),
      ),
    );
    const person = userEvent.setup();
    renderWithProviders(
      <SettingsPanel storyfile={buildDetail('draft')} isEditable canRestore={false} />,
    );
    const language = screen.getByRole('combobox', { name: 'Language' });
    await person.clear(language);
    await person.type(language, 'english!');
    await person.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(refusal)).toBeVisible();
    await person.clear(language);
    await person.type(language, 'en-GB');
    expect(screen.queryByText(refusal)).not.toBeInTheDocument();
  });
});
