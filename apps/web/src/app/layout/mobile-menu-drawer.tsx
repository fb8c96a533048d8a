import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { useDialogFocus } from '@/components/ui/dialog-focus';

/**
 * The drawer of the mobile menu: Radix Dialog and its focus trap and scroll lock, loaded with the
 * first opening (mobile-menu.tsx) instead of with every signed-in first load.
 */
export function MobileMenuDrawer({
  isOpen,
  onOpenChange,
  openerRef,
  children,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The menu button, which gets focus back on close if what had focus is gone. */
  openerRef: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}) {
  // Focus goes back to what had it when the drawer opened (the menu button), as the shared
  // mechanism does for every dialog; opening keeps Radix's default (the Close button).
  const { onCloseAutoFocus } = useDialogFocus(isOpen);
  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus(event);
            if (!event.defaultPrevented) {
              event.preventDefault();
              openerRef.current?.focus();
            }
          }}
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
