import { findRoute, type CurrentUser } from '@conversa/contracts';
import { BookOpen, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DragDropProvider } from '@/components/drag-and-drop';
import { PageHeader } from '@/components/page-header';
import { Button, getButtonClassName } from '@/components/ui/button';
import { useScripts } from '../api/list-scripts';
import { readScriptParam, buildScriptParams } from '../utils/builder-params';
import { EmptyBuilder } from './empty-builder';
import { NewScriptDialog } from './new-script-dialog';
import { ScriptPicker } from './script-picker';
import { ScriptWorkspace } from './script-workspace';

const BUILDER_PATH = '/topics/builder';

/** The Script Builder of spec §2: the question library beside a script, arranged by dragging. */
export function ScriptBuilderScreen({ user }: { user: CurrentUser }) {
  const [params, setParams] = useSearchParams();
  const scriptId = readScriptParam(params);
  const [isNewOpen, setIsNewOpen] = useState(false);
  const scripts = useScripts({ shipped: 'false', pageSize: 100, sort: 'name' });

  function selectScript(id: string) {
    setParams((current) => buildScriptParams(current, id), { replace: false });
  }

  const items = scripts.data?.items ?? [];
  return (
    <div className="space-y-6">
      <PageHeader
        title={findRoute(BUILDER_PATH)?.label ?? 'Script Builder'}
        description="Drag topics and questions from your question library into a script and put them in order. Changes save as you go."
        actions={
          <>
            <Link to="/topics/templates" className={getButtonClassName('default')}>
              <BookOpen className="size-4" aria-hidden="true" />
              All Scripts
            </Link>
            <Button
              variant="primary"
              icon={<Plus className="size-4" aria-hidden="true" />}
              onClick={() => setIsNewOpen(true)}
            >
              New script
            </Button>
          </>
        }
      />
      <ScriptPicker
        scripts={items}
        scriptId={scriptId}
        isLoading={scripts.isPending}
        error={scripts.error}
        onSelect={selectScript}
      />
      {scriptId === '' ? (
        <EmptyBuilder
          hasScripts={items.length > 0}
          isLoading={scripts.isPending}
          onCreate={() => setIsNewOpen(true)}
        />
      ) : (
        <DragDropProvider>
          <ScriptWorkspace key={scriptId} scriptId={scriptId} user={user} />
        </DragDropProvider>
      )}
      <NewScriptDialog
        user={user}
        isOpen={isNewOpen}
        onOpenChange={setIsNewOpen}
        onCreated={selectScript}
      />
    </div>
  );
}
