import { MyActivitiesScreen } from '@/features/learning';

export function LearningMyActivitiesRoute() {
  return <MyActivitiesScreen />;
}
