import { useCurrentUser } from '@/features/auth';
import { MyProfileScreen } from '@/features/profile';

export function MyProfileRoute() {
  const me = useCurrentUser();
  if (me.data === undefined) {
    return null;
  }
  return <MyProfileScreen user={me.data} />;
}
