import type { ClipKind, StoryfileDetail } from '@conversa/contracts';
import { useQuery } from '@tanstack/react-query';
import { Captions } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { storyfileVideosQueryOptions } from '@/lib/storyfile-queries';
import { useStoryfileTranscripts } from '../api/list-storyfile-transcripts';
import { TRANSCRIPT_REVIEW_LABELS } from '../utils/transcript-status';
import { TranscriptDialog } from './transcript-dialog';

export type TranscriptTarget = { questionId: string } | { clipKind: ClipKind };

function isTargetOf(target: TranscriptTarget) {
  return (item: { questionId: string | null; clipKind: ClipKind | null }) =>
    'questionId' in target
      ? item.questionId === target.questionId
      : item.questionId === null && item.clipKind === target.clipKind;
}

/**
 * The "Transcript" button of a question's answer or a clip, with where its transcript stands; it
 * opens the editor. Nothing shows until the video is processed.
 */
export function TranscriptButton({
  storyfile,
  isEditable,
  target,
  name,
}: {
  storyfile: StoryfileDetail;
  isEditable: boolean;
  target: TranscriptTarget;
  /** The question's text or the clip's name, for the editor's title. */
  name: string;
}) {
  const videos = useQuery(storyfileVideosQueryOptions(storyfile.id));
  const video = videos.data?.videos.find(isTargetOf(target));
  const transcripts = useStoryfileTranscripts(storyfile.id, video !== undefined);
  const [isOpen, setIsOpen] = useState(false);
  if (video === undefined) {
    return null;
  }
  const summary = transcripts.data?.transcripts.find((item) => item.videoId === video.id);
  // A video processed after the list was read has its draft on the way.
  const review = summary?.review ?? (transcripts.data ? 'pending' : undefined);
  return (
    <>
      <Button
        variant="default"
        size="sm"
        icon={<Captions className="size-4" aria-hidden="true" />}
        idText={`Transcript ${name}`}
        onClick={() => setIsOpen(true)}
      >
        {review === undefined ? (
          'Transcript'
        ) : (
          <>
            Transcript{' '}
            <span
              className={
                review === 'needs-review'
                  ? 'font-semibold text-amber-900'
                  : 'font-normal text-slate-700'
              }
            >
              · {TRANSCRIPT_REVIEW_LABELS[review]}
            </span>
          </>
        )}
      </Button>
      {isOpen ? (
        <TranscriptDialog
          storyfileId={storyfile.id}
          language={storyfile.language}
          video={video}
          title={`Transcript: ${name}`}
          isEditable={isEditable}
          onClose={() => setIsOpen(false)}
        />
      ) : null}
    </>
  );
}
