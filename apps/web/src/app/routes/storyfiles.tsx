import { useCurrentUser } from '@/features/auth';
import { StoryfilesScreen } from '@/features/storyfiles/list';

export function StoryfilesRoute() {
  const me = useCurrentUser();
  if (me.data === undefined) {
    return null;
  }
  return <StoryfilesScreen user={me.data} />;
}
