import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/features/auth';
import { CustomCategoriesScreen } from '@/features/training';

export function CustomCategoriesRoute() {
  const me = useCurrentUser();
  if (me.data === undefined) {
    return <Spinner label="Loading" />;
  }
  return <CustomCategoriesScreen user={me.data} />;
}
