import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronsUpDown, LogOut, UserRound } from 'lucide-react';
import { useRef, type FocusEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { shortenEmail } from '@/lib/format';
import { PROFILE_PATH, TRIGGER_CLASS } from './user-menu-trigger';

const ITEM_CLASS =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800';

/**
 * The user menu's Radix dropdown, loaded when the menu first opens (user-menu.tsx stands in for it
 * until then) and opened at once, from the keyboard or the pointer that asked for it.
 */
export function UserMenuDropdown({
  shownName,
  email,
  avatar,
  onLogout,
  openedBy,
}: {
  shownName: string;
  email: string;
  avatar: ReactNode;
  onLogout: () => void;
  openedBy: 'keyboard' | 'pointer';
}) {
  // Radix puts focus on the first item when the menu opens from the keyboard, which it learns from
  // a keydown it listens for once mounted: the first opening's keydown came before that, so for
  // that opening the first item is focused here. Later openings are Radix's own.
  const isFirstOpening = useRef(true);
  const focusFirstItem = (event: FocusEvent<HTMLDivElement>) => {
    // Radix focuses the menu itself on opening, then (from the keyboard) its first item.
    if (event.target !== event.currentTarget || !isFirstOpening.current) {
      return;
    }
    isFirstOpening.current = false;
    if (openedBy === 'keyboard') {
      event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    }
  };
  // Not modal: a modal menu hides the page from screen readers while its links stay focusable.
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger aria-label={`User menu for ${shownName}`} className={TRIGGER_CLASS}>
        {avatar}
        <span className="min-w-0 flex-1 truncate font-medium">{shownName}</span>
        <ChevronsUpDown className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          align="start"
          sideOffset={8}
          onFocus={focusFirstItem}
          className="z-50 w-60 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl"
        >
          <DropdownMenu.Label className="px-2 pt-1.5 pb-2 text-xs text-slate-500">
            Signed in as
            <span className="block truncate text-sm font-medium text-slate-900" title={email}>
              {shortenEmail(email)}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item asChild className={ITEM_CLASS}>
            <Link to={PROFILE_PATH}>
              <UserRound className="size-4" aria-hidden="true" />
              Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ITEM_CLASS} onSelect={onLogout}>
            <LogOut className="size-4" aria-hidden="true" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
