import { Droppable } from '@hello-pangea/dnd';
import type { ScriptDetail } from '@conversa/contracts';
import { useState } from 'react';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatCount } from '@/lib/format';
import { BUILDER_IDS } from '../utils/drag-ids';
import { AddTopicForm } from './add-topic-form';
import { ScriptHeader } from './script-header';
import { ScriptTopicItem } from './script-topic-item';

/**
 * The script being arranged: its topics in order, each with its questions. Removing a topic
 * that holds questions asks first; an empty one goes at once.
 */
export function ScriptColumn({
  script,
  canEdit,
  isLocked,
  isSaving,
  onAddTopic,
  onRenameTopic,
  onRemoveTopic,
  onRemoveQuestion,
}: {
  script: ScriptDetail;
  canEdit: boolean;
  isLocked: boolean;
  isSaving: boolean;
  onAddTopic: (name: string) => Promise<boolean>;
  onRenameTopic: (topicId: string, name: string) => Promise<boolean>;
  onRemoveTopic: (topicId: string) => void;
  onRemoveQuestion: (topicId: string, questionId: string) => void;
}) {
  const [removing, setRemoving] = useState<{ id: string; name: string; count: number } | null>(
    null,
  );

  return (
    <section
      aria-labelledby="script-heading"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <ScriptHeader script={script} canEdit={canEdit} isSaving={isSaving} />
      <div className="p-4">
        {script.topics.length === 0 ? (
          <div className="mb-3 rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
            This script is empty. Drag a topic or a question from the question library here, or add
            a topic below.
          </div>
        ) : null}
        <Droppable droppableId={BUILDER_IDS.scriptTopics} type="topic" isDropDisabled={isLocked}>
          {(provided, snapshot) => (
            <ol
              ref={provided.innerRef}
              {...provided.droppableProps}
              aria-label="Script topics"
              className={cn(
                'min-h-12 space-y-3 rounded-lg',
                snapshot.isDraggingOver && 'bg-brand-50 ring-2 ring-brand-200',
              )}
            >
              {script.topics.map((topic, index) => (
                <ScriptTopicItem
                  key={topic.id}
                  topic={topic}
                  index={index}
                  canEdit={canEdit}
                  isLocked={isLocked}
                  onRename={(name) => onRenameTopic(topic.id, name)}
                  onRemove={() =>
                    topic.questions.length === 0
                      ? onRemoveTopic(topic.id)
                      : setRemoving({
                          id: topic.id,
                          name: topic.name,
                          count: topic.questions.length,
                        })
                  }
                  onRemoveQuestion={(questionId) => onRemoveQuestion(topic.id, questionId)}
                />
              ))}
              {provided.placeholder}
            </ol>
          )}
        </Droppable>
        {canEdit ? <AddTopicForm isLocked={isLocked} onAddTopic={onAddTopic} /> : null}
      </div>
      <ConfirmDialog
        isOpen={removing !== null}
        onCancel={() => setRemoving(null)}
        title="Remove topic from the script?"
        description={`“${removing?.name}” and its ${formatCount(removing?.count ?? 0, 'question')} will be removed from this script. The question library keeps them.`}
        confirmText="Remove topic"
        onConfirm={() => {
          if (removing !== null) {
            onRemoveTopic(removing.id);
          }
          setRemoving(null);
        }}
      />
    </section>
  );
}
