import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

/**
 * Asks before something is destroyed or switched off; the red button names the action, and
 * Escape, the close button or Cancel leave everything as it was.
 */
export function ConfirmDialog({
  isOpen,
  onCancel,
  title,
  description,
  confirmText,
  isPending,
  onConfirm,
}: {
  isOpen: boolean;
  onCancel: () => void;
  title: string;
  description: ReactNode;
  confirmText: string;
  isPending?: boolean;
  onConfirm: () => void;
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
