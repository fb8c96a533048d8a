import { useCurrentUser } from '@/features/auth';
import { TeamsScreen } from '@/features/accounts';

export function TeamsRoute() {
  const me = useCurrentUser();
  if (me.data === undefined) {
    return null;
  }
  return <TeamsScreen user={me.data} />;
}
