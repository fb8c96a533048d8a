import type { CurrentUser } from '@conversa/contracts';
import { hasRoleInNamespace } from '@conversa/contracts';
import { useId } from 'react';

/** The namespaces where the user may add library content (edit role or higher). */
export function getEditableNamespaces(user: CurrentUser) {
  return user.namespaces.filter(
    (namespace) => namespace.label !== '' && hasRoleInNamespace(user, namespace.id, 'edit:ns'),
  );
}

/** A namespace picker; hidden when only one namespace is possible. */
export function NamespaceField({
  user,
  value,
  onChange,
}: {
  user: CurrentUser;
  value: string;
  onChange: (namespaceId: string) => void;
}) {
  const id = useId();
  const namespaces = getEditableNamespaces(user);
  if (namespaces.length <= 1) {
    return null;
  }
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Namespace
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm"
      >
        {namespaces.map((namespace) => (
          <option key={namespace.id} value={namespace.id}>
            {namespace.label}
          </option>
        ))}
      </select>
    </div>
  );
}
