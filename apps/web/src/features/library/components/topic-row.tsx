import { type LibraryQuestion, type Topic } from '@conversa/contracts';

import { ChevronDown, ChevronRight, Trash2 } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';

import { useUpdateTopic } from '../api/update-topic';

import { InlineEdit } from './inline-edit';

import { formatCount } from '@/lib/format';
import { TopicQuestions } from './topic-questions';

export function TopicRow({
  topic,
  canEdit,
  onDeleteTopic,
  onDeleteQuestion,
  onFailure,
}: {
  topic: Topic;
  canEdit: boolean;
  onDeleteTopic: () => void;
  onDeleteQuestion: (question: LibraryQuestion) => void;
  onFailure: (error: Error) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const updateTopic = useUpdateTopic();
  const panelId = `topic-panel-${topic.id}`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex items-center gap-2 px-3 py-2">
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={panelId}
          aria-label={`${isOpen ? 'Hide' : 'Show'} the questions of ${topic.name}`}
          onClick={() => setIsOpen((value) => !value)}
          className="rounded p-1 text-slate-500 hover:bg-slate-100"
        >
          {isOpen ? (
            <ChevronDown className="size-4" aria-hidden="true" />
          ) : (
            <ChevronRight className="size-4" aria-hidden="true" />
          )}
        </button>
        <div className="min-w-0 flex-1">
          <InlineEdit
            value={topic.name}
            label={`Rename topic ${topic.name}`}
            isEditable={canEdit}
            className="text-sm font-semibold text-slate-900"
            onSave={(name) =>
              updateTopic.mutateAsync({ id: topic.id, name }).catch((error: Error) => {
                onFailure(error);
                throw error;
              })
            }
          />
          {topic.description ? (
            <p className="truncate text-xs text-slate-500">{topic.description}</p>
          ) : null}
        </div>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
          {topic.namespaceLabel}
        </span>
        <span className="w-24 text-right text-xs text-slate-500">
          {formatCount(topic.questionCount, 'question')}
        </span>
        {canEdit ? (
          <Button
            size="sm"
            variant="text"
            aria-label={`Delete topic ${topic.name}`}
            icon={<Trash2 className="size-4" aria-hidden="true" />}
            onClick={onDeleteTopic}
          />
        ) : null}
      </div>
      {isOpen ? (
        <div id={panelId} className="border-t border-slate-100 px-4 py-3">
          <TopicQuestions
            topicId={topic.id}
            topicName={topic.name}
            canEdit={canEdit}
            onDeleteQuestion={onDeleteQuestion}
            onFailure={onFailure}
          />
        </div>
      ) : null}
    </li>
  );
}
