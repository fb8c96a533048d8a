import { RolesScreen } from '@/features/accounts';

export function RolesRoute() {
  return <RolesScreen />;
}
