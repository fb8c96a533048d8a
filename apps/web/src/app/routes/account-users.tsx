import { useCurrentUser } from '@/features/auth';
import { UsersScreen } from '@/features/accounts';

export function UsersRoute() {
  const me = useCurrentUser();
  if (me.data === undefined) {
    return null;
  }
  return <UsersScreen user={me.data} />;
}
