import { type InkStory } from '@conversa/contracts';

import { Button } from '@/components/ui/button';

export function VersionHistory({
  story,
  canEdit,
  onRestore,
  onPublish,
  busyNumber,
}: {
  story: InkStory;
  /** False for a reader: the history without Restore or Publish. */
  canEdit: boolean;
  onRestore: (number: number) => void;
  onPublish: (number: number) => void;
  busyNumber: number | null;
}) {
  if (story.versions.length === 0) {
    return <p className="text-sm text-slate-600">No version saved yet.</p>;
  }
  return (
    <ol aria-label="Versions" className="flex flex-col gap-2 text-sm">
      {story.versions.map((version) => (
        <li
          key={version.id}
          className="flex flex-wrap items-center gap-2 rounded border border-slate-200 px-2 py-1"
        >
          <span className="font-semibold">Version {version.number}</span>
          {version.isPublished ? (
            <span className="rounded bg-green-100 px-1.5 text-xs text-green-800">Published</span>
          ) : null}
          <span className="text-slate-600">
            {new Date(version.createdAt).toLocaleString('en-US')}
            {version.createdByName ? ` · ${version.createdByName}` : ''}
            {version.restoredFromNumber ? ` · restored from ${version.restoredFromNumber}` : ''}
          </span>
          <span className={version.hasErrors ? 'text-red-700' : 'text-slate-600'}>
            {version.errorCount} errors, {version.warningCount} warnings
          </span>
          {canEdit ? (
            <span className="ml-auto flex gap-1">
              <Button
                size="sm"
                variant="text"
                isLoading={busyNumber === version.number}
                onClick={() => onRestore(version.number)}
              >
                Restore
              </Button>
              {!version.hasErrors && !version.isPublished ? (
                <Button size="sm" variant="text" onClick={() => onPublish(version.number)}>
                  Publish
                </Button>
              ) : null}
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
