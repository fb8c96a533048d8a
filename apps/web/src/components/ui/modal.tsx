import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn';
import { useDialogFocus } from './dialog-focus';

export type ModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Width of the panel. */
  size?: 'md' | 'lg' | 'xl';
};

/**
 * A modal dialog (spec §4): closes on Escape and by its close button, opens with focus on its
 * first field, traps focus while open and gives focus back to what opened it.
 */
export function Modal({
  isOpen,
  onOpenChange,
  title,
  description,
  children,
  size = 'md',
}: ModalProps) {
  const { bodyRef, onOpenAutoFocus, onCloseAutoFocus } = useDialogFocus(isOpen);
  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 backdrop-blur-[1px]" />
        <Dialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl',
            { md: 'max-w-lg', lg: 'max-w-3xl', xl: 'max-w-6xl' }[size],
          )}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
              {description === undefined ? null : (
                <Dialog.Description className="mt-1 text-sm text-slate-600">
                  {description}
                </Dialog.Description>
              )}
            </div>
            <Dialog.Close
              className="-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div ref={bodyRef}>{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
