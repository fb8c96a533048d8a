import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth';
import { ScriptBuilderScreen } from '@/features/library';

export function ScriptBuilderRoute() {
  const me = useCurrentUser();
  if (me.data === undefined) {
    return <Spinner label="Loading" />;
  }
  return <ScriptBuilderScreen user={me.data} />;
}
