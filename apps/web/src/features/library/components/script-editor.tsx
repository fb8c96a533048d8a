import type { ScriptDetail } from '@conversa/contracts';
import { useBuilderDrops } from '../hooks/use-builder-drops';
import { useScriptEdits } from '../hooks/use-script-edits';
import { LibraryColumn } from './library-column';
import { ScriptColumn } from './script-column';

/**
 * The two columns of the builder, wired to one script's edits. Dragging, adding and removing
 * are locked while a save runs, so every change starts from saved ids (see useScriptSaver).
 */
export function ScriptEditor({ script, canEdit }: { script: ScriptDetail; canEdit: boolean }) {
  const edits = useScriptEdits(script);
  useBuilderDrops(edits);
  const isLocked = !canEdit || edits.isSaving;

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <LibraryColumn
        namespaceId={script.namespaceId ?? ''}
        isLocked={isLocked}
        canEdit={canEdit}
        onAddTopic={(topicId) => void edits.addLibraryTopic(topicId)}
        onAddQuestion={(question) => void edits.addLibraryQuestion(question)}
      />
      <ScriptColumn
        script={script}
        canEdit={canEdit}
        isLocked={isLocked}
        isSaving={edits.isSaving}
        onAddTopic={edits.addTopic}
        onRenameTopic={edits.renameTopic}
        onRemoveTopic={(topicId) => void edits.removeTopic(topicId)}
        onRemoveQuestion={(topicId, questionId) => void edits.removeQuestion(topicId, questionId)}
      />
    </div>
  );
}
