import { formatTrialLimitMessage, type CurrentUser } from '@conversa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { CreateStoryfileDialog } from './create-storyfile-dialog';
import { buildMember } from '@/test/users';

// Issue 32, item 10: a disabled Create storyfile says what is missing, and the name, cut at 120
// characters, counts its characters as the limit nears.

const NORTH = '11111111-1111-4111-8111-111111111111';
const user: CurrentUser = buildMember({ id: NORTH, label: 'north', scope: 'edit:ns' });

let posted: unknown[] = [];

beforeEach(() => {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://studio');
      if (init?.method === 'POST' && url.pathname === '/v1/conversa/storyfiles') {
        posted.push(JSON.parse(init.body as string));
        return Promise.resolve(Response.json({ message: 'Stop here' }, { status: 400 }));
      }
      if (url.pathname.endsWith('/scripts')) {
        return Promise.resolve(
          Response.json({ items: [], page: 1, pageSize: 100, total: 0, pageCount: 1 }),
        );
      }
      if (url.pathname.endsWith('/nameTaken')) {
        return Promise.resolve(Response.json({ unique: true }));
      }
      return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderDialog() {
  return renderWithProviders(
    <CreateStoryfileDialog user={user} isOpen onOpenChange={() => undefined} />,
  );
}

describe('CreateStoryfileDialog', () => {
  // Issue 44, item 22: a trial account learned its one-storyfile limit only from the refusal of a
  // filled form.
  it('says a free trial’s storyfile limit is reached before the form is filled, and Create stays off', async () => {
    const person = userEvent.setup();
    const trialUser: CurrentUser = {
      ...user,
      namespaces: user.namespaces.map((namespace) => ({
        ...namespace,
        storyfileNamespaces: [{ storyfileId: 'sf-1' }],
        trial: { storyfileLimit: 1, storyfileCount: 1 },
      })),
    };
    renderWithProviders(
      <CreateStoryfileDialog user={trialUser} isOpen onOpenChange={() => undefined} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'New storyfile' });
    expect(
      within(dialog).getByText(formatTrialLimitMessage('storyfiles', 1), { exact: false }),
    ).toBeVisible();
    expect(formatTrialLimitMessage('storyfiles', 1)).toContain(
      'Your free trial allows 1 storyfile, and your organization has reached that limit.',
    );
    await person.type(screen.getByRole('textbox', { name: 'Name' }), 'Grandma Rose');
    const create = screen.getByRole('button', { name: 'Create storyfile' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(
      'To create the storyfile, upgrade: the free trial allows no more storyfiles.',
    );
    expect(posted).toEqual([]);
  });

  it('says nothing of a trial with room left', () => {
    const trialUser: CurrentUser = {
      ...user,
      namespaces: user.namespaces.map((namespace) => ({
        ...namespace,
        trial: { storyfileLimit: 1, storyfileCount: 0 },
      })),
    };
    renderWithProviders(
      <CreateStoryfileDialog user={trialUser} isOpen onOpenChange={() => undefined} />,
    );
    expect(screen.queryByText(/Your free trial allows/)).not.toBeInTheDocument();
  });

  it('says why Create storyfile is disabled while the name is empty, and stops saying it once typed', async () => {
    const person = userEvent.setup();
    renderDialog();
    const create = screen.getByRole('button', { name: 'Create storyfile' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription('To create the storyfile, give it a name.');
    expect(screen.getByText('To create the storyfile, give it a name.')).toBeVisible();

    await person.type(screen.getByRole('textbox', { name: 'Name' }), 'Grandma Rose');
    expect(create).toBeEnabled();
    expect(screen.queryByText('To create the storyfile, give it a name.')).not.toBeInTheDocument();
  });

  it('counts the name’s characters as the 120-character limit nears, and says when it is reached', async () => {
    const person = userEvent.setup();
    renderDialog();
    const name = screen.getByRole('textbox', { name: 'Name' });
    await person.click(name);
    await person.paste('r'.repeat(90));
    expect(screen.queryByText(/of 120 characters/)).not.toBeInTheDocument();

    await person.paste('r'.repeat(10));
    expect(screen.getByText('100 of 120 characters (20 left).')).toBeVisible();
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining('100 of 120 characters (20 left).'),
    );

    await person.paste('r'.repeat(40));
    expect(name).toHaveValue('r'.repeat(120));
    expect(screen.getByText('120 of 120 characters: the limit.')).toBeVisible();
  });

  it('offers the presets of a namespace with SHOW_PRESETS, those whose flags it has, and creates from one', async () => {
    const person = userEvent.setup();
    const withPresets: CurrentUser = {
      ...user,
      namespaces: user.namespaces.map((namespace) => ({
        ...namespace,
        attributes: { SHOW_PRESETS: true, PRESET_ASK_SANTA: true, PRESET_TIME: true },
      })),
    };
    renderWithProviders(
      <CreateStoryfileDialog user={withPresets} isOpen onOpenChange={() => undefined} />,
    );
    const presets = screen.getByRole('combobox', { name: 'Presets' });
    // Each preset's size, as a template's is (issue 54, item 8).
    expect(
      within(presets)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No preset', 'Ask Santa (6 topics, 29 questions)', 'Time (6 topics, 26 questions)']);
    const script = screen.getByRole('combobox', { name: 'Start from a script' });
    expect(script).not.toHaveAccessibleDescription();
    await person.selectOptions(presets, 'ask-santa');
    // The script is off, and it says why.
    expect(script).toBeDisabled();
    expect(script).toHaveAccessibleDescription(
      'Not with a preset: Ask Santa brings its own script. Choose “No preset” to start from a script.',
    );
    // The description is the preset's, until the author writes their own.
    const description = screen.getByRole('textbox', { name: /Description/ });
    const SANTA =
      'Santa Claus answers children at the North Pole: the sleigh, the elves, the list.';
    expect(description).toHaveValue(SANTA);
    await person.selectOptions(presets, 'time');
    expect(description).toHaveValue(
      'A historical figure talks about their life, their times, their work and what they left behind.',
    );
    await person.selectOptions(presets, '');
    expect(description).toHaveValue('');
    expect(script).toBeEnabled();
    await person.selectOptions(presets, 'ask-santa');
    await person.type(screen.getByRole('textbox', { name: 'Name' }), 'Santa at the mall');
    await person.click(screen.getByRole('button', { name: 'Create storyfile' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          namespaceId: NORTH,
          name: 'Santa at the mall',
          description: SANTA,
          presetSlug: 'ask-santa',
        },
      ]),
    );
  });

  it('keeps a description the author wrote when a preset is chosen', async () => {
    const person = userEvent.setup();
    const withPresets: CurrentUser = {
      ...user,
      namespaces: user.namespaces.map((namespace) => ({
        ...namespace,
        attributes: { SHOW_PRESETS: true, PRESET_ASK_SANTA: true },
      })),
    };
    renderWithProviders(
      <CreateStoryfileDialog user={withPresets} isOpen onOpenChange={() => undefined} />,
    );
    const description = screen.getByRole('textbox', { name: /Description/ });
    await person.type(description, 'Our mall Santa');
    await person.selectOptions(screen.getByRole('combobox', { name: 'Presets' }), 'ask-santa');
    expect(description).toHaveValue('Our mall Santa');
    await person.selectOptions(screen.getByRole('combobox', { name: 'Presets' }), '');
    expect(description).toHaveValue('Our mall Santa');
  });

  it('offers no presets without SHOW_PRESETS, whatever preset flags the namespace has', () => {
    const flagsOnly: CurrentUser = {
      ...user,
      namespaces: user.namespaces.map((namespace) => ({
        ...namespace,
        attributes: { PRESET_ASK_SANTA: true },
      })),
    };
    renderWithProviders(
      <CreateStoryfileDialog user={flagsOnly} isOpen onOpenChange={() => undefined} />,
    );
    expect(screen.queryByRole('combobox', { name: 'Presets' })).not.toBeInTheDocument();
  });

  it('counts the description’s characters as its 2,000-character limit nears (issue 44)', async () => {
    const person = userEvent.setup();
    renderDialog();
    const description = screen.getByRole('textbox', { name: /Description/ });
    await person.click(description);
    await person.paste('d'.repeat(1900));
    expect(screen.getByText('1900 of 2000 characters (100 left).')).toBeVisible();
    expect(description).toHaveAccessibleDescription(
      expect.stringContaining('1900 of 2000 characters (100 left).'),
    );
    await person.paste('d'.repeat(200));
    expect(description).toHaveValue('d'.repeat(2000));
    expect(screen.getByText('2000 of 2000 characters: the limit.')).toBeVisible();
  });

  it('keeps Cancel and Create storyfile together, the reason on its own line (issue 44)', () => {
    renderDialog();
    const buttons = screen.getByTestId('dialog-buttons');
    expect(buttons).toContainElement(screen.getByRole('button', { name: 'Cancel' }));
    expect(buttons).toContainElement(screen.getByRole('button', { name: 'Create storyfile' }));
    expect(buttons).not.toHaveTextContent('To create the storyfile, give it a name.');
  });
});
