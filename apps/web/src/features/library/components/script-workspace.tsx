import type { CurrentUser } from '@conversa/contracts';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useScript } from '../api/get-script';
import { canEditScript } from '../utils/script-access';
import { ScriptEditor } from './script-editor';

/** Loads the chosen script and decides whether this user may arrange it. */
export function ScriptWorkspace({ scriptId, user }: { scriptId: string; user: CurrentUser }) {
  const script = useScript(scriptId);
  if (script.isPending) {
    return (
      <div className="flex items-center gap-2 p-6 text-slate-600">
        <Spinner label="Loading script" /> Loading script…
      </div>
    );
  }
  if (script.error) {
    return <Alert kind="error">{script.error.message}</Alert>;
  }
  return <ScriptEditor script={script.data} canEdit={canEditScript(user, script.data)} />;
}
