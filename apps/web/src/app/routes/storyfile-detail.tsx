import { useParams } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { InteractTab, StoryfileConversationSettings } from '@/features/conversations';
import { RecordTab, type KeptTake } from '@/features/recording';
import {
  StoryfileDetailScreen,
  type StoryfileSlotContext,
  type StoryfileSlots,
} from '@/features/storyfiles';
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

/**
 * What other features put into the storyfile screen (features never import each other; the
 * route composes them).
 */
const STORYFILE_SLOTS: StoryfileSlots = {
  renderRecordTab: (context) => <RecordAndUpload {...context} />,
  renderInteractTab: ({ storyfile }) => <InteractTab storyfile={storyfile} />,
  renderSettingsSections: (context) => <StoryfileConversationSettings {...context} />,
  renderQuestionMedia: (context) => <QuestionMedia {...context} />,
  renderClipMedia: (context) => <ClipMedia {...context} />,
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
