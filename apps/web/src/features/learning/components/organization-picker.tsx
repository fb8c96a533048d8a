import type { Organization } from '@conversa/contracts';

/** Chooses the organization whose learning is shown; hidden when there is only one. */
export function OrganizationPicker({
  organizations,
  value,
  onChange,
}: {
  organizations: Organization[];
  value: string | null;
  onChange: (organizationId: string) => void;
}) {
  if (organizations.length <= 1) {
    return null;
  }
  return (
    <label className="block max-w-md text-sm font-medium text-slate-800">
      Organization
      <select
        className="mt-1 block w-full truncate rounded-md border border-slate-300 px-3 py-2 text-sm"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
      >
        {organizations.map((organization) => (
          <option key={organization.id} value={organization.id}>
            {organization.label}
          </option>
        ))}
      </select>
    </label>
  );
}
