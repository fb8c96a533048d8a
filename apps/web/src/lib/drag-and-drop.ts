import type { DraggableLocation, DragStart, DragUpdate, DropResult } from '@hello-pangea/dnd';

/** Drag types of spec §4; each Droppable passes one as its `type`. */
// 'featured' is the Mobile App's featured list (issue 19), beyond the spec's four.
export const DRAG_TYPES = ['topic', 'question', 'question-library', 'starter', 'featured'] as const;
export type DragType = (typeof DRAG_TYPES)[number];

/** A drag update or drop that landed on a list position. */
export type PlacedDragUpdate = DragUpdate & { destination: DraggableLocation };
export type PlacedDropResult = DropResult & { destination: DraggableLocation };

export type DragHandlers = {
  onDragEnd?: (result: PlacedDropResult) => void;
  onDragUpdate?: (update: PlacedDragUpdate) => void;
  onBeforeDragStart?: (start: DragStart) => void;
};

/** The handlers registered for each drag type; kept in temporary state so navigation drops them. */
export type DragHandlerRegistry = Partial<Record<DragType, DragHandlers>>;

export function isDragType(value: string): value is DragType {
  return DRAG_TYPES.some((type) => type === value);
}

function isIndex(value: unknown): value is number {
  return Number.isInteger(value);
}

function getHandlers(registry: DragHandlerRegistry, type: string): DragHandlers | undefined {
  return isDragType(type) ? registry[type] : undefined;
}

function isPlaced<T extends DragUpdate>(event: T): event is T & { destination: DraggableLocation } {
  return isIndex(event.source.index) && isIndex(event.destination?.index);
}

/**
 * Sends a drop to the handler of its drag type. Ignored (returns false, calls nothing) when the
 * type has no handler or either the source or the destination index is not a number; a drop
 * outside any list or a cancelled drag has no destination and is therefore ignored.
 */
export function dispatchDragEnd(registry: DragHandlerRegistry, result: DropResult): boolean {
  const handler = getHandlers(registry, result.type)?.onDragEnd;
  if (handler === undefined || !isPlaced(result)) {
    return false;
  }
  handler(result);
  return true;
}

/** Sends a drag update to its type's handler; ignored under the same rules as dispatchDragEnd. */
export function dispatchDragUpdate(registry: DragHandlerRegistry, update: DragUpdate): boolean {
  const handler = getHandlers(registry, update.type)?.onDragUpdate;
  if (handler === undefined || !isPlaced(update)) {
    return false;
  }
  handler(update);
  return true;
}

/**
 * Sends a before-start event to its type's handler. Nothing has a destination yet, so only the
 * source index must be a number.
 */
export function dispatchBeforeDragStart(registry: DragHandlerRegistry, start: DragStart): boolean {
  const handler = getHandlers(registry, start.type)?.onBeforeDragStart;
  if (handler === undefined || !isIndex(start.source.index)) {
    return false;
  }
  handler(start);
  return true;
}

/**
 * Responders for a single DragDropContext. The registry is read on every event, so handlers
 * registered after mount (or cleared on navigation) take effect immediately.
 */
export function createDragDropResponders(getRegistry: () => DragHandlerRegistry) {
  return {
    onDragEnd: (result: DropResult) => {
      dispatchDragEnd(getRegistry(), result);
    },
    onDragUpdate: (update: DragUpdate) => {
      dispatchDragUpdate(getRegistry(), update);
    },
    onBeforeDragStart: (start: DragStart) => {
      dispatchBeforeDragStart(getRegistry(), start);
    },
  };
}
