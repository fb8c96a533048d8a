import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';

/** Below the large breakpoint the left menu slides in from a button instead of standing still. */
export function MobileMenu({ pathname, children }: { pathname: string; children: ReactNode }) {
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  // Following a link closes the drawer: it is open only on the path it was opened on.
  const isOpen = openedAt === pathname;
  return (
    <Dialog.Root open={isOpen} onOpenChange={(open) => setOpenedAt(open ? pathname : null)}>
      <Dialog.Trigger
        className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
        aria-label="Open menu"
      >
        <Menu className="size-5" aria-hidden="true" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-slate-900 shadow-2xl lg:hidden"
        >
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <Dialog.Close
            className="absolute top-4 right-3 rounded-lg p-1.5 text-slate-300 hover:bg-slate-800"
            aria-label="Close menu"
          >
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
