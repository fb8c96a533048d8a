import type { CurrentUser, LibraryQuestion } from '@conversa/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { FeedbackDialog } from '@/features/feedback/components/feedback-dialog';
import { AlternatesDialog } from '@/features/library/components/alternates-dialog';
import { NewScriptDialog } from '@/features/library/components/new-script-dialog';
import { CreateStoryfileDialog } from '@/features/storyfiles/components/create-storyfile-dialog';
import { renderWithProviders } from '@/test/render';

// Issue 15, defect 7: New storyfile opened with focus on its close button, not on Name. Every
// dialog goes through one mechanism (components/ui/dialog-focus.ts): it opens on its first field
// and gives focus back to its opener on close. This file holds each dialog to that.

function namespace(id: string, label: string): CurrentUser['namespaces'][number] {
  return {
    id,
    label,
    attributes: {},
    userNamespaces: [{ scope: 'edit:ns' }],
    storyfileNamespaces: [],
  };
}

// Two namespaces, so the Namespace select stands before Name in the create dialogs.
const editor: CurrentUser = {
  isAdmin: false,
  isLoggedIn: true,
  iam: 'u1',
  firstName: 'Eve',
  lastName: null,
  email: 'eve@example.com',
  namespaces: [
    namespace('0b5d7c1e-1111-4000-8000-000000000001', 'north'),
    namespace('0b5d7c1e-1111-4000-8000-000000000002', 'south'),
  ],
};

const question: LibraryQuestion = {
  id: '0b5d7c1e-1111-4000-8000-000000000010',
  namespaceId: editor.namespaces[0]!.id,
  topicId: '0b5d7c1e-1111-4000-8000-000000000011',
  text: 'Where did you grow up?',
  alternates: [],
  position: 0,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  deletedAt: null,
  createdBy: null,
  updatedBy: null,
} as unknown as LibraryQuestion;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        String(url).startsWith('/v1/conversa/feedback/config')
          ? Response.json({ formUrl: null })
          : Response.json({ items: [], total: 0, page: 1, pageSize: 30, available: true }),
      ),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A page with an opener button; the dialog is open while `isOpen`. */
function Opener({ dialog }: { dialog: (isOpen: boolean, close: () => void) => ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        open the dialog
      </button>
      {dialog(isOpen, () => setIsOpen(false))}
    </>
  );
}

interface DialogCase {
  name: string;
  render: (isOpen: boolean, close: () => void) => ReactNode;
  /** The accessible name of the control that should have focus when it opens. */
  firstField: string | RegExp;
}

const DIALOGS: DialogCase[] = [
  {
    name: 'New storyfile (Name, not Namespace or the close button)',
    render: (isOpen, close) => (
      <CreateStoryfileDialog
        user={editor}
        isOpen={isOpen}
        onOpenChange={(open) => !open && close()}
      />
    ),
    firstField: 'Name',
  },
  {
    name: 'New script',
    render: (isOpen, close) => (
      <NewScriptDialog
        user={editor}
        isOpen={isOpen}
        onOpenChange={(open) => !open && close()}
        onCreated={() => undefined}
      />
    ),
    firstField: 'Name',
  },
  {
    name: 'Give Feedback',
    render: (isOpen, close) => (
      <FeedbackDialog kind="feedback" isOpen={isOpen} onOpenChange={(open) => !open && close()} />
    ),
    firstField: 'Your feedback',
  },
  {
    name: 'Alternate phrasings',
    render: (isOpen, close) => (
      <AlternatesDialog question={isOpen ? question : null} onClose={close} />
    ),
    firstField: 'Other ways visitors may ask this',
  },
  {
    name: 'a confirmation (the safe choice first)',
    render: (isOpen, close) => (
      <ConfirmDialog
        isOpen={isOpen}
        onCancel={close}
        title="Delete topic?"
        description="It goes to the deleted items."
        confirmText="Delete"
        onConfirm={close}
      />
    ),
    firstField: 'Cancel',
  },
  {
    name: 'a modal whose body has only buttons',
    render: (isOpen, close) => (
      <Modal isOpen={isOpen} onOpenChange={(open) => !open && close()} title="Video">
        <p>Nothing to fill in.</p>
        <button type="button">Play</button>
      </Modal>
    ),
    firstField: 'Play',
  },
];

describe('every dialog opens on its first field and gives focus back on close', () => {
  it.each(DIALOGS)('$name', async ({ render, firstField }) => {
    const user = userEvent.setup();
    renderWithProviders(<Opener dialog={render} />);
    const opener = screen.getByRole('button', { name: 'open the dialog' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(
        [...dialog.querySelectorAll<HTMLElement>('input, select, textarea, button')].find(
          (element) => element === document.activeElement,
        ),
      ).toBeDefined(),
    );
    const focused = document.activeElement as HTMLElement;
    expect(focused).not.toHaveAccessibleName('Close');
    expect(focused).toHaveAccessibleName(firstField);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

// The mechanism covers a dialog only if the dialog uses it: every Radix dialog in the web is the
// Modal (which uses it), uses useDialogFocus itself, or opens from its own Trigger (which Radix
// gives focus back to). A new dialog that does none of these fails here.
const SOURCES = import.meta.glob<string>('../**/*.tsx', {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('no dialog bypasses the focus mechanism', () => {
  const radixDialogs = Object.entries(SOURCES).filter(
    ([file, text]) => !file.endsWith('.test.tsx') && text.includes("from '@radix-ui/react-dialog'"),
  );
  it('finds the Radix dialogs', () => {
    expect(radixDialogs.length).toBeGreaterThanOrEqual(2);
  });
  it.each(radixDialogs.map(([file, text]) => [file, text] as const))('%s', (_file, text) => {
    const usesMechanism = text.includes('useDialogFocus(') || text.includes('<Dialog.Trigger');
    expect(usesMechanism).toBe(true);
  });
});
