import type { RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { formatBytes } from '@/lib/format';
import { PackageProgress } from './package-progress';

/** The import dialog's upload step: the package file's progress through tus. */
export function ImportUploadStep({
  stepRef,
  upload,
  onChooseAnother,
  onClose,
}: {
  stepRef: RefObject<HTMLParagraphElement | null>;
  upload: { file: File; sent: number; total: number };
  onChooseAnother: () => void;
  onClose: () => void;
}) {
  const percent = upload.total > 0 ? Math.floor((upload.sent / upload.total) * 100) : 0;
  return (
    <div className="space-y-4">
      <p ref={stepRef} tabIndex={-1} className="text-sm text-slate-700 outline-none">
        The package uploads first; the studio then shows what it holds before anything is created.
      </p>
      <PackageProgress
        label="Package upload"
        percent={percent}
        text={`Uploading “${upload.file.name}”: ${percent}% (${formatBytes(upload.sent)} of ${formatBytes(upload.total)})`}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="cancel" onClick={onClose}>
          Hide while it uploads
        </Button>
        <Button onClick={onChooseAnother}>Cancel upload</Button>
      </div>
    </div>
  );
}
