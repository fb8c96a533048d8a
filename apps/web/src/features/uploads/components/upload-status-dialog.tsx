import { UPLOAD_STATUS_DIALOG_TITLE } from '@conversa/contracts';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useUploadEngine } from '../hooks/use-video-uploads';
import { markFailuresSeen } from '../utils/bar-visibility';
import { groupUploadsByStoryfile } from '../utils/upload-summary';
import { StoryfileGroup } from './storyfile-group';

/** The 'Video Upload Status' dialog (spec §2): each storyfile's progress and its videos. */
export function UploadStatusDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const { engine, entries } = useUploadEngine();
  const groups = groupUploadsByStoryfile(entries);
  // The failures it shows are seen: the bar stops saying them (issue 44).
  const entriesRef = useRef(entries);
  useEffect(() => {
    entriesRef.current = entries;
  });
  const failedKeys = entries
    .filter((entry) => entry.phase === 'failed')
    .map((entry) => entry.clientKey)
    .join(',');
  useEffect(() => {
    if (isOpen && failedKeys !== '') {
      markFailuresSeen(localStorage, entriesRef.current);
    }
  }, [isOpen, failedKeys]);
  const hasFinished = entries.some((entry) => entry.phase === 'ready');
  // "1 upload failed" on the bar leads straight to that video: its group opens expanded and the
  // dialog's focus starts on its Retry (or Remove).
  const firstFailedKey = groups
    .flatMap((group) => group.uploads)
    .find((upload) => upload.phase === 'failed')?.clientKey;
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={UPLOAD_STATUS_DIALOG_TITLE}
      description="Uploads go on while you work elsewhere in the studio."
      size="lg"
    >
      {engine === null || groups.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">No uploads right now.</p>
      ) : (
        <ul aria-label="Storyfiles with uploads" className="space-y-3">
          {groups.map((group) => (
            <StoryfileGroup
              key={group.storyfileId}
              engine={engine}
              group={group}
              firstFailedKey={firstFailedKey}
            />
          ))}
        </ul>
      )}
      {hasFinished && engine !== null ? (
        <div className="mt-4 flex justify-end">
          <Button variant="text" size="sm" onClick={() => engine.clearFinished()}>
            Clear finished
          </Button>
        </div>
      ) : null}
    </Modal>
  );
}
