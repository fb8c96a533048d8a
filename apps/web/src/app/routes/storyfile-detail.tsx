import { useParams } from 'react-router';
import { useToast } from '@/components/ui/toast';
import { useCurrentUser } from '@/features/auth';
import { RecordTab, type RecordTabProps } from '@/features/recording';
import { StoryfileDetailScreen, type StoryfileSlots } from '@/features/storyfiles';

/**
 * What other features put into the storyfile screen (features never import each other; the
 * route composes them).
 */
const STORYFILE_SLOTS: StoryfileSlots = {
  renderRecordTab: ({ storyfile, isEditable }) => (
    <RecordTabWithUploads storyfile={storyfile} isEditable={isEditable} />
  ),
};

// LEAD: replace the toast with the uploads feature's startVideoUpload when merging.
function RecordTabWithUploads(props: Omit<RecordTabProps, 'onKeepTake'>) {
  const { showToast } = useToast();
  const onKeepTake: RecordTabProps['onKeepTake'] = ({ target }) =>
    showToast({
      kind: 'success',
      message: `Kept the take for "${target.kind === 'question' ? target.questionText : target.label}".`,
    });
  return <RecordTab {...props} onKeepTake={onKeepTake} />;
}

export function StoryfileDetailRoute() {
  const me = useCurrentUser();
  const { id = '' } = useParams();
  if (me.data === undefined) {
    return null;
  }
  // A new id is a new screen: its tabs, dialogs and drafts start afresh.
  return <StoryfileDetailScreen key={id} user={me.data} id={id} slots={STORYFILE_SLOTS} />;
}
