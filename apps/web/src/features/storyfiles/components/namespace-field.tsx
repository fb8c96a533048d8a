import { useId } from 'react';
import type { getEditableNamespaces } from '../utils/permissions';
import { Field, INPUT_CLASS } from './field';

/** The namespace a new storyfile goes into; shown only when the person may choose among several. */
export function NamespaceField({
  namespaces,
  namespaceId,
  onChange,
}: {
  namespaces: ReturnType<typeof getEditableNamespaces>;
  namespaceId: string;
  onChange: (namespaceId: string) => void;
}) {
  const id = useId();
  if (namespaces.length <= 1) {
    return null;
  }
  return (
    <Field id={id} label="Namespace">
      <select
        id={id}
        value={namespaceId}
        onChange={(event) => onChange(event.target.value)}
        className={INPUT_CLASS}
      >
        {namespaces.map((namespace) => (
          <option key={namespace.id} value={namespace.id}>
            {namespace.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
