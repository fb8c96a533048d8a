import type { ReactNode } from 'react';
import { ConfirmDialog as ConfirmModal } from '@/components/ui/confirm-dialog';

export type ConfirmRequest = {
  title: string;
  description: ReactNode;
  confirmText: string;
  onConfirm: () => void;
};

/** Asks before something is removed; one request at a time, null when nothing is asked. */
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
    <ConfirmModal
      isOpen={request !== null}
      onCancel={onClose}
      title={request?.title ?? ''}
      description={request?.description}
      confirmText={request?.confirmText ?? 'Delete'}
      isPending={isPending}
      onConfirm={() => request?.onConfirm()}
    />
  );
}
