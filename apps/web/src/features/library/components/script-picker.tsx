import type { Script } from '@conversa/contracts';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';

/** The builder's choice of script: the namespace's own scripts, each with its namespace. */
export function ScriptPicker({
  scripts,
  scriptId,
  isLoading,
  error,
  onSelect,
}: {
  scripts: readonly Script[];
  scriptId: string;
  isLoading: boolean;
  error: Error | null;
  onSelect: (id: string) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <label htmlFor="builder-script" className="text-sm font-medium text-slate-700">
        Script
      </label>
      {isLoading ? (
        <Spinner label="Loading scripts" />
      ) : (
        <select
          id="builder-script"
          value={scriptId}
          onChange={(event) => onSelect(event.target.value)}
          className="h-10 min-w-64 rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm"
        >
          <option value="">Choose a script…</option>
          {scripts.map((script) => (
            <option key={script.id} value={script.id}>
              {script.name}
              {script.namespaceLabel ? ` (${script.namespaceLabel})` : ''}
            </option>
          ))}
        </select>
      )}
      {error ? <Alert kind="error">{error.message}</Alert> : null}
    </div>
  );
}
