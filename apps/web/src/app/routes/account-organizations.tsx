import { useCurrentUser } from '@/features/auth';
import { OrganizationsScreen } from '@/features/accounts';

export function OrganizationsRoute() {
  const me = useCurrentUser();
  if (me.data === undefined) {
    return null;
  }
  return <OrganizationsScreen user={me.data} />;
}
