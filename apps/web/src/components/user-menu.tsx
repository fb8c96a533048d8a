import { ChevronsUpDown } from 'lucide-react';
import {
  lazy,
  Suspense,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { shortenEmail } from '@/lib/format';
import { TRIGGER_CLASS } from './user-menu-trigger';

// Radix's dropdown (menu, roving focus, positioning) loads on the first opening, not with every
// signed-in first load; until then a button of the same look and name stands in for its trigger.
const UserMenuDropdown = lazy(() =>
  import('./user-menu-dropdown').then((module) => ({ default: module.UserMenuDropdown })),
);

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
  const [openedBy, setOpenedBy] = useState<'keyboard' | 'pointer' | null>(null);
  // Without a first or last name the display name is the email, which gets the short form too.
  const shownName = displayName === email ? shortenEmail(email) : displayName;
  const content = (
    <>
      {avatar}
      <span className="min-w-0 flex-1 truncate font-medium">{shownName}</span>
      <ChevronsUpDown className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
    </>
  );
  // The same keys and presses that open Radix's trigger.
  const trigger = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={openedBy !== null}
      data-state={openedBy === null ? 'closed' : 'open'}
      aria-label={`User menu for ${shownName}`}
      className={TRIGGER_CLASS}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        if (event.button === 0 && !event.ctrlKey && openedBy === null) {
          // Focus stays where Radix's trigger leaves it: the menu takes it once it opens.
          event.preventDefault();
          setOpenedBy('pointer');
        }
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        if (['Enter', ' ', 'ArrowDown'].includes(event.key) && openedBy === null) {
          event.preventDefault();
          setOpenedBy('keyboard');
        }
      }}
    >
      {content}
    </button>
  );
  if (openedBy === null) {
    return trigger;
  }
  return (
    <Suspense fallback={trigger}>
      <UserMenuDropdown
        shownName={shownName}
        email={email}
        avatar={avatar}
        onLogout={onLogout}
        openedBy={openedBy}
      />
    </Suspense>
  );
}
