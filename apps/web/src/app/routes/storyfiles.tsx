import { useCurrentUser } from '@/features/auth';
import { StoryfilesScreen } from '@/features/storyfiles/list';
import { uploadPackageFile } from '@/features/uploads/package';

export function StoryfilesRoute() {
  const me = useCurrentUser();
  if (me.data === undefined) {
    return null;
  }
  // The import's package goes up through the uploads feature's tus client (features never
  // import each other; the route composes them).
  return <StoryfilesScreen user={me.data} uploadPackage={uploadPackageFile} />;
}
