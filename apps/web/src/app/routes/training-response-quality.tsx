import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth';
import { ResponseQualityScreen } from '@/features/training';

export function ResponseQualityRoute() {
  const me = useCurrentUser();
  if (me.data === undefined) {
    return <Spinner label="Loading" />;
  }
  return <ResponseQualityScreen user={me.data} />;
}
