import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth';
import { AllScriptsScreen } from '@/features/library';

export function AllScriptsRoute() {
  const me = useCurrentUser();
  if (me.data === undefined) {
    return <Spinner label="Loading" />;
  }
  return <AllScriptsScreen user={me.data} />;
}
