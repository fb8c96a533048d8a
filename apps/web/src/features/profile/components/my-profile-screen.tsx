import {
  findRoute,
  getScopeDisplayName,
  NAMESPACE_ATTRIBUTES,
  type CurrentUser,
  type NamespaceAttribute,
} from '@conversa/contracts';
import { ExternalLink, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { notifyCurrentUserUpdated, UserAvatar } from '@/components/avatar';
import { AvatarUpload } from '@/components/avatar-upload';
import { PageHeader } from '@/components/page-header';
import { HorizontalScroll } from '@/components/ui/horizontal-scroll';
import { formatDisplayName } from '@/lib/format';

/** Where the identity provider lets a person change their name and password. */
const ACCOUNT_PAGE_PATH = '/api/auth/account';

const ATTRIBUTE_LABELS: Record<NamespaceAttribute, string> = {
  LEARNING_MODULE: 'Learning module',
  SSO_WHITELIST: 'Single sign-on whitelist',
  SHOW_PRESETS: 'Presets',
  PRESET_ASK_SANTA: 'Ask Santa preset',
  PRESET_MEDTRONIC: 'Medtronic preset',
  PRESET_TIME: 'Time preset',
  PRESET_HEALTHY_SOIL: 'Healthy Soil preset',
};

function Card({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** /account/my_profile: who you are, your picture, your namespaces and roles. */
export function MyProfileScreen({ user }: { user: CurrentUser }) {
  const name = formatDisplayName(user);
  return (
    <div className="space-y-6">
      <PageHeader
        title={findRoute('/account/my_profile')?.label ?? 'My Profile'}
        description="Your name, email, picture and roles."
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card title="You">
          <div className="flex items-center gap-4">
            <UserAvatar iam={user.iam} alt="" size="lg" />
            <div className="min-w-0">
              <p className="text-lg font-semibold wrap-anywhere text-slate-900">{name}</p>
              <p className="text-sm break-all text-slate-600">{user.email}</p>
              {user.isAdmin ? (
                <p className="mt-1 inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                  <ShieldCheck className="size-3.5" aria-hidden="true" /> Platform admin
                </p>
              ) : null}
            </div>
          </div>
          <a
            href={ACCOUNT_PAGE_PATH}
            className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
          >
            Change your name or password <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
        </Card>
        <Card
          title="Picture"
          description="Shown in the menu and beside your work. Without one, the studio's logo stands in."
        >
          <AvatarUpload
            resourceType="user"
            resourceId={user.iam}
            source="my-profile"
            buttonText="Upload a new picture"
            onUploaded={notifyCurrentUserUpdated}
          />
        </Card>
      </div>
      <Card title="Your namespaces" description="The teams you belong to and your role in each.">
        {user.namespaces.length === 0 ? (
          <p className="text-sm text-slate-600">
            {user.isAdmin
              ? 'As a platform admin you can reach every namespace.'
              : 'You do not belong to a namespace yet. Ask an owner of your team to add you.'}
          </p>
        ) : (
          <HorizontalScroll label="Your namespaces">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-xs whitespace-nowrap text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Namespace
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Role
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    Features
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {user.namespaces.map((namespace) => {
                  const scope = namespace.userNamespaces[0]?.scope;
                  const features = NAMESPACE_ATTRIBUTES.filter(
                    (attribute) => namespace.attributes[attribute] === true,
                  ).map((attribute) => ATTRIBUTE_LABELS[attribute]);
                  return (
                    <tr key={namespace.id}>
                      <td className="min-w-32 py-2 pr-4 font-medium wrap-anywhere text-slate-900">
                        {namespace.label}
                      </td>
                      <td className="py-2 pr-4 whitespace-nowrap text-slate-700">
                        {scope !== undefined
                          ? getScopeDisplayName(scope)
                          : user.isAdmin
                            ? 'Platform admin'
                            : '—'}
                      </td>
                      <td className="min-w-40 py-2 text-slate-700">
                        {features.length === 0 ? '—' : features.join(', ')}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </HorizontalScroll>
        )}
      </Card>
    </div>
  );
}
