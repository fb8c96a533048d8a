import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

export type ConfirmRequest = {
  title: string;
  description: ReactNode;
  confirmText: string;
  onConfirm: () => void;
};

/** Asks before something is removed; Escape or Cancel leaves everything as it was. */
export function ConfirmDialog({
  request,
  onClose,
  isPending,
}: {
  request: ConfirmRequest | null;
  onClose: () => void;
  isPending?: boolean;
}) {
  return (
    <Modal
      isOpen={request !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) {
          onClose();
        }
      }}
      title={request?.title ?? ''}
      description={request?.description}
    >
      <div className="flex justify-end gap-2">
        <Button variant="cancel" onClick={onClose}>
          Cancel
        </Button>
        <Button
          className="bg-red-600 text-white hover:bg-red-700"
          variant="primary"
          isLoading={isPending}
          onClick={() => request?.onConfirm()}
        >
          {request?.confirmText ?? 'Delete'}
        </Button>
      </div>
    </Modal>
  );
}
