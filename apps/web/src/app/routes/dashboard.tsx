import { UserAvatar } from '@/components/avatar';
import { useCurrentUser } from '@/features/auth';
import { DashboardScreen } from '@/features/dashboard';
import { FailedUploadsNotice } from '@/features/uploads/shell';
import { formatDisplayName } from '@/lib/format';

export function DashboardRoute() {
  const me = useCurrentUser();
  if (me.data === undefined) {
    return null;
  }
  return (
    <DashboardScreen
      displayName={formatDisplayName(me.data)}
      avatar={<UserAvatar iam={me.data.iam} alt="" size="lg" isActive />}
      notice={<FailedUploadsNotice />}
    />
  );
}
