import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth';
import { CustomWordsScreen } from '@/features/training';

export function CustomWordsRoute() {
  const me = useCurrentUser();
  if (me.data === undefined) {
    return <Spinner label="Loading" />;
  }
  return <CustomWordsScreen user={me.data} />;
}
