import { ACCEPTED_VIDEO_EXTENSIONS, ACCEPTED_VIDEO_TYPES } from '@conversa/contracts';
import { Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { getButtonClassName, type ButtonSize } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { ButtonVariant } from '@/lib/button';

export const VIDEO_ACCEPT = [...ACCEPTED_VIDEO_TYPES, ...ACCEPTED_VIDEO_EXTENSIONS].join(',');

/**
 * A button-looking file picker: the real input stays in the tab order (visually hidden), so
 * keyboards and screen readers reach it under its own label.
 */
export function VideoFileInput({
  label,
  children,
  isMultiple = false,
  isDisabled = false,
  variant = 'default',
  size = 'sm',
  icon = <Upload className="size-4" aria-hidden="true" />,
  onFiles,
}: {
  /** The input's accessible name. */
  label: string;
  children: ReactNode;
  isMultiple?: boolean;
  isDisabled?: boolean;
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: ReactNode;
  onFiles: (files: File[]) => void;
}) {
  return (
    <label
      className={cn(
        getButtonClassName(isDisabled ? 'disabled' : variant, size),
        'focus-within:ring-2 focus-within:ring-brand-300',
        isDisabled ? 'cursor-not-allowed' : 'cursor-pointer',
      )}
    >
      {icon}
      {children}
      <input
        type="file"
        accept={VIDEO_ACCEPT}
        multiple={isMultiple}
        disabled={isDisabled}
        aria-label={label}
        className="sr-only"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // The same file can be picked again later (e.g. after a failed upload).
          event.target.value = '';
          if (files.length > 0) {
            onFiles(files);
          }
        }}
      />
    </label>
  );
}
