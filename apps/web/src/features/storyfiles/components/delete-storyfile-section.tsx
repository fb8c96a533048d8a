import { type StoryfileDetail } from '@conversa/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { useDeleteStoryfile } from '../api/delete-storyfile';
import { restoreStoryfileAndRefresh } from '../api/restore-storyfile';
import { ConfirmDialog } from './confirm-dialog';

export function DeleteStoryfileSection({
  storyfile,
  isEditable,
  canRestore,
}: {
  storyfile: StoryfileDetail;
  isEditable: boolean;
  canRestore: boolean;
}) {
  const [isConfirming, setIsConfirming] = useState(false);
  const remove = useDeleteStoryfile();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const navigate = useNavigate();

  function deleteStoryfile() {
    remove.mutate(storyfile.id, {
      onSuccess: () => {
        setIsConfirming(false);
        showToast({
          kind: 'success',
          message: `Deleted the storyfile "${storyfile.name}".`,
          ...(canRestore
            ? {
                action: {
                  label: 'Undo',
                  onClick: () => {
                    restoreStoryfileAndRefresh(queryClient, storyfile.id).then(
                      (restored) => {
                        showToast({ kind: 'success', message: `Restored "${restored.name}".` });
                        void navigate(`/storyfiles/${restored.id}`);
                      },
                      (error: Error) => showToast({ kind: 'error', message: error.message }),
                    );
                  },
                },
              }
            : {}),
        });
        void navigate('/storyfiles');
      },
      onError: (error) => {
        setIsConfirming(false);
        showToast({ kind: 'error', message: error.message });
      },
    });
  }

  return (
    <>
      {isEditable ? (
        <section
          aria-labelledby="danger-zone"
          className="rounded-xl border border-red-200 bg-white p-6 shadow-sm"
        >
          <h2 id="danger-zone" className="text-base font-semibold text-red-800">
            Delete this storyfile
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            It disappears from lists and visitors can no longer talk to it.{' '}
            {canRestore
              ? 'As an owner you can restore it later.'
              : 'An owner of the namespace can restore it.'}
          </p>
          <Button
            className="mt-4 border-red-300 text-red-700 hover:bg-red-50"
            icon={<Trash2 className="size-4" aria-hidden="true" />}
            onClick={() => setIsConfirming(true)}
          >
            Delete storyfile
          </Button>
        </section>
      ) : null}
      <ConfirmDialog
        isPending={remove.isPending}
        onClose={() => setIsConfirming(false)}
        request={
          isConfirming
            ? {
                title: 'Delete this storyfile?',
                description: `“${storyfile.name}” will be marked deleted and hidden from lists.`,
                confirmText: 'Delete storyfile',
                onConfirm: deleteStoryfile,
              }
            : null
        }
      />
    </>
  );
}
