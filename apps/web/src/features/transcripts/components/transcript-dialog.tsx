import type { StoryfileVideo } from '@conversa/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { FETCH_FAILED, messageOf } from '@/lib/api-client';
import { useVideoTranscript } from '../api/get-video-transcript';
import { TranscriptEditor } from './transcript-editor';

/** The transcript editor in a large dialog, for one answer or clip video. */
export function TranscriptDialog({
  storyfileId,
  language,
  video,
  title,
  isEditable,
  onClose,
}: {
  storyfileId: string;
  language: string;
  video: StoryfileVideo;
  title: string;
  isEditable: boolean;
  onClose: () => void;
}) {
  const transcript = useVideoTranscript(storyfileId, video.id);
  // A reload starts the editor afresh from what is saved.
  const [generation, setGeneration] = useState(0);
  return (
    <Modal
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) {
          onClose();
        }
      }}
      title={title}
      description="Fix the words the recognizer heard, split or merge captions and move their times. Saved captions play everywhere the video does."
      size="xl"
    >
      {transcript.isPending ? (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner label="Loading the transcript" /> Loading the transcript…
        </p>
      ) : transcript.isError ? (
        <div className="space-y-3">
          <Alert kind="error">{messageOf(transcript.error, FETCH_FAILED)}</Alert>
          <Button variant="default" onClick={() => void transcript.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <TranscriptEditor
          key={generation}
          storyfileId={storyfileId}
          language={language}
          video={video}
          transcript={transcript.data}
          isEditable={isEditable}
          onReload={() => {
            void transcript.refetch().then(() => setGeneration((value) => value + 1));
          }}
        />
      )}
    </Modal>
  );
}
