import type { ReactNode } from 'react';
import { CLIP_KIND_LABELS } from '@conversa/contracts';
import { useParams } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { InteractTab, StoryfileConversationSettings } from '@/features/conversations';
import { RecordTab, type KeptTake } from '@/features/recording';
import {
  StoryfileDetailScreen,
  type StoryfileSlotContext,
  type StoryfileSlots,
} from '@/features/storyfiles';
import { RecordNextList } from '@/features/training';
import { Section } from '@/components/section';
import {
  TranscriptButton,
  TranscriptDraftsProgress,
  TranscriptSettingsSection,
} from '@/features/transcripts';
import {
  BulkUploadPanel,
  ClipMedia,
  getTargetUploadState,
  QuestionMedia,
  useVideoUploads,
} from '@/features/uploads';

/** The record tab: the camera recorder, whose kept takes upload at once, and the file upload. */
function RecordAndUpload({ storyfile, isEditable }: StoryfileSlotContext) {
  const videoUploads = useVideoUploads();
  const uploads = videoUploads.getStoryfileUploads(storyfile.id);
  const keepTake = ({ blob, filename, mimeType, target }: KeptTake) =>
    videoUploads.startVideoUpload({
      storyfileId: storyfile.id,
      storyfileName: storyfile.name,
      target,
      file: blob,
      filename,
      filetype: mimeType,
    });
  return (
    <div className="space-y-10">
      <RecordTab
        storyfile={storyfile}
        isEditable={isEditable}
        onKeepTake={keepTake}
        getTargetUploadState={(key) => getTargetUploadState(uploads, key)}
      />
      <BulkUploadPanel storyfile={storyfile} isEditable={isEditable} />
    </div>
  );
}

/** An answer's or clip's video (uploads) with its transcript's button (transcripts) below it. */
function MediaWithTranscript({ media, transcript }: { media: ReactNode; transcript: ReactNode }) {
  return (
    <div>
      {media}
      <div className="mt-2 empty:hidden">{transcript}</div>
    </div>
  );
}

/**
 * What other features put into the storyfile screen (features never import each other; the
 * route composes them).
 */
const STORYFILE_SLOTS: StoryfileSlots = {
  renderRecordTab: (context) => <RecordAndUpload {...context} />,
  renderInteractTab: ({ storyfile }) => <InteractTab storyfile={storyfile} />,
  renderSettingsSections: (context) => (
    <div className="space-y-8">
      <StoryfileConversationSettings {...context} />
      <TranscriptSettingsSection
        storyfileId={context.storyfile.id}
        isEditable={context.isEditable && context.storyfile.deletedAt === null}
      />
    </div>
  ),
  renderScriptAside: ({ storyfile, isEditable }) => (
    <Section
      title="Record next"
      description="Unrecorded questions of the script that visitors asked for, most visitors first."
    >
      <RecordNextList
        storyfileId={storyfile.id}
        answeredCount={storyfile.answeredCount}
        canEdit={isEditable}
      />
    </Section>
  ),
  renderNotices: ({ storyfile }) => <TranscriptDraftsProgress storyfile={storyfile} />,
  renderQuestionMedia: (context) => (
    <MediaWithTranscript
      media={<QuestionMedia {...context} />}
      transcript={
        <TranscriptButton
          storyfile={context.storyfile}
          isEditable={context.isEditable}
          target={{ questionId: context.question.id }}
          name={context.question.text}
        />
      }
    />
  ),
  renderClipMedia: (context) => (
    <MediaWithTranscript
      media={<ClipMedia {...context} />}
      transcript={
        <TranscriptButton
          storyfile={context.storyfile}
          isEditable={context.isEditable}
          target={{ clipKind: context.clipKind }}
          name={`${context.storyfile.clips.find((clip) => clip.kind === context.clipKind)?.label ?? CLIP_KIND_LABELS[context.clipKind]} clip`}
        />
      }
    />
  ),
};

export function StoryfileDetailRoute() {
  const me = useCurrentUser();
  const { id = '' } = useParams();
  if (me.data === undefined) {
    return null;
  }
  // A new id is a new screen: its tabs, dialogs and drafts start afresh.
  return <StoryfileDetailScreen key={id} user={me.data} id={id} slots={STORYFILE_SLOTS} />;
}
