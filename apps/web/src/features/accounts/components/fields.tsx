import {
  GRANTABLE_SCOPES,
  canGrantScope,
  getScopeDisplayName,
  type CurrentUser,
  type GrantableScope,
  type Organization,
} from '@conversa/contracts';
import { useId } from 'react';

export const SELECT_CLASS =
  'h-10 max-w-full rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm focus:outline-2 focus:outline-brand-600';
export const INPUT_CLASS =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm focus:outline-2 focus:outline-brand-600';

/** The scopes this viewer may grant in an organization (no escalation; the server checks again). */
export function getGrantableScopes(user: CurrentUser, organization: Organization | undefined) {
  return GRANTABLE_SCOPES.filter((scope) =>
    canGrantScope({ isAdmin: user.isAdmin, held: organization?.viewerScope ?? undefined }, scope),
  );
}

export function ScopeSelect({
  label,
  value,
  scopes,
  onChange,
  allowNone,
  isLabelHidden,
  disabled,
}: {
  label: string;
  value: GrantableScope | null;
  scopes: readonly GrantableScope[];
  onChange: (scope: GrantableScope | null) => void;
  allowNone?: boolean;
  isLabelHidden?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label
        htmlFor={id}
        className={isLabelHidden ? 'sr-only' : 'text-sm font-medium text-slate-700'}
      >
        {label}
      </label>
      <select
        id={id}
        className={SELECT_CLASS}
        value={value ?? ''}
        disabled={disabled}
        onChange={(event) =>
          onChange(event.target.value === '' ? null : (event.target.value as GrantableScope))
        }
      >
        {allowNone ? <option value="">No extra role</option> : null}
        {(value && !scopes.includes(value) ? [value, ...scopes] : scopes).map((scope) => (
          <option key={scope} value={scope}>
            {getScopeDisplayName(scope)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function OrganizationSelect({
  organizations,
  value,
  onChange,
  allowAll,
  label = 'Organization',
}: {
  organizations: readonly Organization[];
  value: string | undefined;
  onChange: (id: string | undefined) => void;
  allowAll?: boolean;
  label?: string;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        className={`${SELECT_CLASS} w-full sm:w-72`}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        {allowAll ? <option value="">All organizations</option> : null}
        {organizations.map((organization) => (
          <option key={organization.id} value={organization.id}>
            {organization.label}
          </option>
        ))}
      </select>
    </div>
  );
}
