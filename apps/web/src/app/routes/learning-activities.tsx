import { useCurrentUser } from '@/features/auth';
import { ActivitiesScreen } from '@/features/learning';

export function LearningActivitiesRoute() {
  const me = useCurrentUser();
  if (me.data === undefined) {
    return null;
  }
  return <ActivitiesScreen isAdmin={me.data.isAdmin} />;
}
