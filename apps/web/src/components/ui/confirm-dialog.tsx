import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

/**
 * Asks before something is destroyed or switched off; the red button names the action, and
 * Escape, the close button or Cancel leave everything as it was. `children`, shown above the
 * buttons, say more than the one-line description (e.g. the past questions a deletion moves).
 */
export function ConfirmDialog({
  isOpen,
  onCancel,
  title,
  description,
  confirmText,
  isPending,
  onConfirm,
  children,
}: {
  isOpen: boolean;
  onCancel: () => void;
  title: string;
  description: ReactNode;
  confirmText: string;
  isPending?: boolean;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) {
          onCancel();
        }
      }}
      title={title}
      description={description}
    >
      {children === undefined ? null : <div className="mb-4">{children}</div>}
      <div className="flex justify-end gap-2">
        <Button variant="cancel" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          variant="primary"
          className="bg-red-600 text-white hover:bg-red-700"
          isLoading={isPending}
          onClick={onConfirm}
        >
          {confirmText}
        </Button>
      </div>
    </Modal>
  );
}
