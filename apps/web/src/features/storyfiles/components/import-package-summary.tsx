import { type StoryfileImportPreview } from '@conversa/contracts';
import { formatBytes, formatCount, formatUsMediumDateTime } from '@/lib/format';

export function PreviewSummary({ preview }: { preview: StoryfileImportPreview }) {
  const counts = preview.counts;
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-600">In the package</dt>
        <dd className="wrap-anywhere text-slate-900">{preview.packageName}</dd>
        <dt className="font-medium text-slate-600">Exported</dt>
        <dd className="wrap-anywhere text-slate-900">
          {formatUsMediumDateTime(preview.exportedAt)} from {preview.exportedFrom}
        </dd>
        <dt className="font-medium text-slate-600">Language</dt>
        <dd className="text-slate-900">{preview.language}</dd>
        <dt className="font-medium text-slate-600">Size</dt>
        <dd className="text-slate-900">
          {formatBytes(preview.sizeBytes)} package, {formatBytes(preview.mediaBytes)} of media
        </dd>
        <dt className="font-medium text-slate-600">Contents</dt>
        <dd className="text-slate-900">
          {formatCount(counts.topics, 'topic')}, {formatCount(counts.questions, 'question')} (
          {formatCount(counts.alternates, 'alternate')}), {formatCount(counts.videos, 'video')},{' '}
          {formatCount(counts.captions, 'caption file')}
        </dd>
      </dl>
      {preview.willCreate.length === 0 ? null : (
        <div>
          <h3 className="font-semibold text-slate-900">What will be created</h3>
          <ul aria-label="What will be created" className="mt-1 list-disc space-y-0.5 pl-5">
            {preview.willCreate.map((line) => (
              <li key={line} className="wrap-anywhere text-slate-700">
                {line}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
