import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronsUpDown, LogOut, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { shortenEmail } from '@/lib/format';

export const PROFILE_PATH = '/account/my_profile';

const ITEM_CLASS =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800';

/**
 * The user menu (spec §2, §4): collapsed by default; opened it shows the email shortened to 15
 * characters, a Profile link and Logout.
 */
export function UserMenu({
  displayName,
  email,
  avatar,
  onLogout,
}: {
  displayName: string;
  email: string;
  avatar: ReactNode;
  onLogout: () => void;
}) {
  // Without a first or last name the display name is the email, which gets the short form too.
  const shownName = displayName === email ? shortenEmail(email) : displayName;
  // Not modal: a modal menu hides the page from screen readers while its links stay focusable.
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`User menu for ${shownName}`}
        className="flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left text-sm text-slate-200 hover:bg-slate-800 data-[state=open]:bg-slate-800"
      >
        {avatar}
        <span className="min-w-0 flex-1 truncate font-medium">{shownName}</span>
        <ChevronsUpDown className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          align="start"
          sideOffset={8}
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
