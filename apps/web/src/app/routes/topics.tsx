import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth';
import { TopicsScreen } from '@/features/library';

export function TopicsRoute() {
  const me = useCurrentUser();
  if (me.data === undefined) {
    return <Spinner label="Loading" />;
  }
  return <TopicsScreen user={me.data} />;
}
