import { findRoute, type CurrentUser } from '@conversa/contracts';

import { useSearchParams } from 'react-router';

import { PageHeader } from '@/components/page-header';

import { AuditPanel } from './audit-panel';

import { InvitationsPanel } from './invitations-panel';

import { MembersPanel } from './members-panel';

const TABS = [
  { id: 'members', label: 'Members' },
  { id: 'invitations', label: 'Invitations' },
  { id: 'audit', label: 'Audit' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** /account/users: members, invitations and the audit log of the organizations the viewer owns. */
export function UsersScreen({ user }: { user: CurrentUser }) {
  const [params, setParams] = useSearchParams();
  const tab: TabId = TABS.find((item) => item.id === params.get('tab'))?.id ?? 'members';
  return (
    <div className="space-y-6">
      <PageHeader
        title={findRoute('/account/users')?.label ?? 'Users'}
        description="People of your organizations: invite them, set their roles, suspend or remove them, and see who changed what."
      />
      <div
        role="tablist"
        aria-label="Users sections"
        className="flex gap-1 border-b border-slate-200"
      >
        {TABS.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`tab-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls={`panel-${item.id}`}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${tab === item.id ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
            onClick={() =>
              setParams(() => {
                const next = new URLSearchParams();
                if (item.id !== 'members') {
                  next.set('tab', item.id);
                }
                return next;
              })
            }
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'members' ? (
          <MembersPanel user={user} />
        ) : tab === 'invitations' ? (
          <InvitationsPanel />
        ) : (
          <AuditPanel />
        )}
      </div>
    </div>
  );
}
