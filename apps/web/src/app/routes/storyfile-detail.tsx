import { useParams } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { StoryfileDetailScreen } from '@/features/storyfiles';

export function StoryfileDetailRoute() {
  const me = useCurrentUser();
  const { id = '' } = useParams();
  if (me.data === undefined) {
    return null;
  }
  // A new id is a new screen: its tabs, dialogs and drafts start afresh.
  return <StoryfileDetailScreen key={id} user={me.data} id={id} />;
}
