import type {
  DraggableLocation,
  DragStart,
  DragUpdate,
  DropResult,
  ResponderProvided,
} from '@hello-pangea/dnd';

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
 * What a screen reader hears as an item is lifted, moved and dropped, naming the item (issue 44:
 * "You have moved the item from position 2 to position 1" did not say which question). Positions
 * count from 1.
 */
export function describeDragStart(name: string, start: Pick<DragStart, 'source'>): string {
  return `Lifted “${name}” at position ${start.source.index + 1}. Use the arrow keys to move it, space to drop it, escape to cancel.`;
}

export function describeDragUpdate(
  name: string,
  update: Pick<DragUpdate, 'source' | 'destination'>,
): string {
  return update.destination
    ? `Moved “${name}” from position ${update.source.index + 1} to position ${update.destination.index + 1}.`
    : `“${name}” is not over a list: dropping it now leaves it at position ${update.source.index + 1}.`;
}

export function describeDragEnd(
  name: string,
  result: Pick<DropResult, 'source' | 'destination' | 'reason'>,
): string {
  if (result.reason === 'CANCEL' || !result.destination) {
    return `Cancelled: “${name}” stays at position ${result.source.index + 1}.`;
  }
  return result.destination.index === result.source.index
    ? `Dropped “${name}” back at position ${result.source.index + 1}.`
    : `Dropped “${name}”: it moved from position ${result.source.index + 1} to position ${result.destination.index + 1}.`;
}

/**
 * Responders for a single DragDropContext. The registry is read on every event, so handlers
 * registered after mount (or cleared on navigation) take effect immediately. `findItemName` names
 * the dragged item for the announcements; without a name the library's own words are used.
 */
export function createDragDropResponders(
  getRegistry: () => DragHandlerRegistry,
  findItemName: (draggableId: string) => string | undefined = () => undefined,
) {
  const announce = (
    provided: ResponderProvided | undefined,
    id: string,
    say: (name: string) => string,
  ) => {
    const name = findItemName(id);
    if (provided && name !== undefined) {
      provided.announce(say(name));
    }
  };
  return {
    onDragStart: (start: DragStart, provided?: ResponderProvided) => {
      announce(provided, start.draggableId, (name) => describeDragStart(name, start));
    },
    onDragEnd: (result: DropResult, provided?: ResponderProvided) => {
      announce(provided, result.draggableId, (name) => describeDragEnd(name, result));
      dispatchDragEnd(getRegistry(), result);
    },
    onDragUpdate: (update: DragUpdate, provided?: ResponderProvided) => {
      announce(provided, update.draggableId, (name) => describeDragUpdate(name, update));
      dispatchDragUpdate(getRegistry(), update);
    },
    onBeforeDragStart: (start: DragStart) => {
      dispatchBeforeDragStart(getRegistry(), start);
    },
  };
}
