import { useParams } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { InteractTab, StoryfileConversationSettings } from '@/features/conversations';
import { StoryfileDetailScreen, type StoryfileSlots } from '@/features/storyfiles';
import { ClipMedia, QuestionMedia } from '@/features/uploads';

/**
 * What other features put into the storyfile screen (features never import each other; the
 * route composes them).
 */
const STORYFILE_SLOTS: StoryfileSlots = {
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
