import { useCurrentUser } from '@/features/auth';
import { StudentsScreen } from '@/features/learning';

export function LearningStudentsRoute() {
  const me = useCurrentUser();
  if (me.data === undefined) {
    return null;
  }
  return <StudentsScreen isAdmin={me.data.isAdmin} />;
}
