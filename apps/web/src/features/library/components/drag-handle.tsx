import type { DraggableProvidedDragHandleProps } from '@hello-pangea/dnd';
import { GripVertical } from 'lucide-react';

/** The grip of a draggable row; the drag library makes it focusable and keyboard-driven. */
export function DragHandle({
  handleProps,
  label,
}: {
  handleProps: DraggableProvidedDragHandleProps | null;
  label: string;
}) {
  return (
    <span
      {...handleProps}
      aria-label={label}
      title="Drag to move; or focus and press Space, then the arrow keys"
      className="flex size-7 shrink-0 cursor-grab items-center justify-center rounded text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none"
    >
      <GripVertical className="size-4" aria-hidden="true" />
    </span>
  );
}
