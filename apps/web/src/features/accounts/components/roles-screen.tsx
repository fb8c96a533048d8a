import { findRoute } from '@conversa/contracts';
import { ListStates } from '@/components/list/list-states';
import { PageHeader } from '@/components/page-header';

import { formatCount } from '@/lib/format';

import { useRoleCatalogue } from '../api/roles';

/** /account/roles: the role catalogue generated from the permission rules the server enforces. */
export function RolesScreen() {
  const roles = useRoleCatalogue();
  return (
    <div className="space-y-6">
      <PageHeader
        title={findRoute('/account/roles')?.label ?? 'Roles'}
        description="What each role may see and do, computed from the same rules the server enforces, and how many people hold it in your organizations."
      />
      <ListStates query={roles} loadingLabel="Loading roles">
        {(data) => (
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Roles">
            {data.items.map((role) => (
              <li
                key={role.scope}
                className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="text-lg font-semibold text-slate-900">{role.displayName}</h2>
                  <span className="text-sm text-slate-600">
                    {formatCount(role.memberCount, 'member')}
                  </span>
                </div>
                <p className="text-xs text-slate-600">
                  {`${role.scope} · product group: ${role.productAccessGroup ?? 'none'}`}
                </p>
                <h3 className="text-sm font-medium text-slate-700">May do</h3>
                <ul className="list-disc pl-5 text-sm">
                  {role.actions.length === 0 ? (
                    <li>Nothing beyond signing in</li>
                  ) : (
                    role.actions.map((action) => <li key={action}>{action}</li>)
                  )}
                </ul>
                <h3 className="text-sm font-medium text-slate-700">Screens</h3>
                <p className="text-sm text-slate-700">
                  {role.screens.map((screen) => screen.label).join(', ')}
                </p>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
    </div>
  );
}
