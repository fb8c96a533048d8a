import { hasRole, roleRequiredMessage, type CurrentUser, type Script } from '@conversa/contracts';
import { Copy, Eye, Layers, Play, Trash2, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { Button, getButtonClassName } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { canEditScript } from '../utils/script-access';
import { formatCount } from '@/lib/format';

export function ScriptCard({
  script,
  user,
  onPreview,
  onDuplicate,
  onApply,
  onDelete,
}: {
  script: Script;
  user: CurrentUser;
  onPreview: () => void;
  onDuplicate: () => void;
  onApply: () => void;
  onDelete: () => void;
}) {
  const canEditAnywhere = hasRole(user, 'edit:ns');
  const canEdit = canEditScript(user, script);
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 text-base font-semibold text-slate-900">{script.name}</h2>
        <span
          className={cn(
            'shrink-0 rounded-full px-2 py-0.5 text-xs font-medium',
            script.isShipped ? 'bg-brand-50 text-brand-700' : 'bg-slate-100 text-slate-700',
          )}
        >
          {script.isShipped ? 'Template' : script.namespaceLabel}
        </span>
      </div>
      <p className="mt-1 line-clamp-3 flex-1 text-sm text-slate-600">
        {script.description || 'No description.'}
      </p>
      <p className="mt-3 flex items-center gap-3 text-xs text-slate-500">
        <span className="inline-flex items-center gap-1">
          <Layers className="size-3.5" aria-hidden="true" />
          {formatCount(script.topicCount, 'topic')}
        </span>
        <span>{formatCount(script.questionCount, 'question')}</span>
      </p>
      <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        <Button
          size="sm"
          icon={<Eye className="size-4" aria-hidden="true" />}
          aria-label={`Preview ${script.name}`}
          idText="Preview"
          onClick={onPreview}
        >
          Preview
        </Button>
        {canEditAnywhere ? (
          <>
            <Button
              size="sm"
              icon={<Copy className="size-4" aria-hidden="true" />}
              aria-label={`Duplicate ${script.name}`}
              idText="Duplicate"
              onClick={onDuplicate}
            >
              Duplicate
            </Button>
            <Button
              size="sm"
              icon={<Play className="size-4" aria-hidden="true" />}
              aria-label={`Apply ${script.name} to a storyfile`}
              idText="Apply"
              onClick={onApply}
            >
              Apply
            </Button>
          </>
        ) : null}
        {canEdit ? (
          <>
            <Link
              to={`/topics/builder?script=${script.id}`}
              className={getButtonClassName('text', 'sm')}
              aria-label={`Edit ${script.name} in the Script Builder`}
            >
              <Wrench className="size-4" aria-hidden="true" />
              Edit
            </Link>
            <Button
              size="sm"
              variant="text"
              className="ml-auto"
              aria-label={`Delete ${script.name}`}
              idText="Delete"
              icon={<Trash2 className="size-4" aria-hidden="true" />}
              onClick={onDelete}
            />
          </>
        ) : null}
        {!canEditAnywhere ? (
          <span
            className="self-center text-xs text-slate-500"
            title={roleRequiredMessage('edit:ns')}
          >
            Read only
          </span>
        ) : null}
      </div>
    </li>
  );
}
