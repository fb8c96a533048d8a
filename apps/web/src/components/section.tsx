import { useId, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/**
 * A titled part of a screen, named by its heading for screen readers. A `page` section is one of
 * a screen's main parts (an h2, with an optional description and actions); a `panel` section is a
 * part of a panel or a detail (an h3).
 */
export function Section({
  title,
  description,
  actions,
  level = 'page',
  children,
}: {
  title: string;
  description?: string;
  /** Buttons beside the heading. */
  actions?: ReactNode;
  level?: 'page' | 'panel';
  children: ReactNode;
}) {
  const id = useId();
  const heading =
    level === 'page' ? (
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
    ) : (
      <h3 id={id} className="mb-1 text-sm font-semibold text-slate-800">
        {title}
      </h3>
    );
  return (
    <section aria-labelledby={id} className={cn('min-w-0', level === 'page' && 'space-y-3')}>
      {description !== undefined || actions !== undefined ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            {heading}
            {description !== undefined ? (
              <p className="text-sm text-slate-600">{description}</p>
            ) : null}
          </div>
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
