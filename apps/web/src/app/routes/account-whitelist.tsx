import { useCurrentUser } from '@/features/auth';
import { WhitelistScreen } from '@/features/accounts';

export function WhitelistRoute() {
  const me = useCurrentUser();
  if (me.data === undefined) {
    return null;
  }
  return <WhitelistScreen user={me.data} />;
}
