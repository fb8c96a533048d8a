import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth';
import { InstructionsScreen } from '@/features/training';

export function InstructionsRoute() {
  const me = useCurrentUser();
  if (me.data === undefined) {
    return <Spinner label="Loading" />;
  }
  return <InstructionsScreen user={me.data} />;
}
