import { useCurrentUser } from '@/features/auth';
import { StoryfilesScreen } from '@/features/storyfiles';

export function StoryfilesRoute() {
  const me = useCurrentUser();
  if (me.data === undefined) {
    return null;
  }
  return <StoryfilesScreen user={me.data} />;
}
