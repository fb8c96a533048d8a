import type { DragStart, DragUpdate, DropResult } from '@hello-pangea/dnd';
import { describe, expect, it, vi } from 'vitest';
import {
  createDragDropResponders,
  describeDragEnd,
  dispatchBeforeDragStart,
  dispatchDragEnd,
  dispatchDragUpdate,
  DRAG_TYPES,
  type DragHandlerRegistry,
} from './drag-and-drop.ts';

function buildStart(type: string, sourceIndex: unknown): DragStart {
  return {
    draggableId: 'item-1',
    type,
    source: { droppableId: 'list', index: sourceIndex as number },
    mode: 'FLUID',
  };
}

function buildUpdate(type: string, sourceIndex: unknown, destinationIndex: unknown): DragUpdate {
  return {
    ...buildStart(type, sourceIndex),
    destination:
      destinationIndex === null ? null : { droppableId: 'list', index: destinationIndex as number },
    combine: null,
  };
}

function buildDrop(type: string, sourceIndex: unknown, destinationIndex: unknown): DropResult {
  return { ...buildUpdate(type, sourceIndex, destinationIndex), reason: 'DROP' };
}

function buildRegistry() {
  const handlers = {
    onDragEnd: vi.fn(),
    onDragUpdate: vi.fn(),
    onBeforeDragStart: vi.fn(),
  };
  const registry: DragHandlerRegistry = { topic: handlers };
  return { registry, handlers };
}

it('knows the drag types of spec §4', () => {
  expect(DRAG_TYPES).toEqual(['topic', 'question', 'question-library', 'starter', 'featured']);
});

// Drag end and update need both indexes; a missing destination (dropped outside, cancelled,
// hovering over nothing) means ignored.
describe.each([
  ['drag end', dispatchDragEnd, buildDrop, 'onDragEnd'],
  ['drag update', dispatchDragUpdate, buildUpdate, 'onDragUpdate'],
] as const)('%s', (_name, dispatch, build, handlerName) => {
  it.each([
    ['topic', 0, 2, true],
    ['topic', 3, 0, true],
    ['topic', 0, null, false],
    ['topic', undefined, 1, false],
    ['topic', '0', 1, false],
    ['topic', 0, '1', false],
    ['topic', Number.NaN, 1, false],
    ['question', 0, 1, false],
    ['unknown', 0, 1, false],
  ])('type %s, source %j, destination %j -> handled %s', (type, source, destination, isHandled) => {
    const { registry, handlers } = buildRegistry();
    const event = build(type, source, destination);
    expect(dispatch(registry, event as DropResult)).toBe(isHandled);
    expect(handlers[handlerName]).toHaveBeenCalledTimes(isHandled ? 1 : 0);
    if (isHandled) {
      expect(handlers[handlerName]).toHaveBeenCalledWith(event);
    }
    const others = Object.entries(handlers).filter(([name]) => name !== handlerName);
    for (const [, handler] of others) {
      expect(handler).not.toHaveBeenCalled();
    }
  });
});

// Before-start has no destination yet: only the source index counts.
describe('before drag start', () => {
  it.each([
    ['topic', 0, true],
    ['topic', 4, true],
    ['topic', undefined, false],
    ['topic', null, false],
    ['topic', 1.5, false],
    ['starter', 0, false],
  ])('type %s, source %j -> handled %s', (type, source, isHandled) => {
    const { registry, handlers } = buildRegistry();
    expect(dispatchBeforeDragStart(registry, buildStart(type, source))).toBe(isHandled);
    expect(handlers.onBeforeDragStart).toHaveBeenCalledTimes(isHandled ? 1 : 0);
  });
});

describe('createDragDropResponders', () => {
  it('routes each drag type to its own handlers, reading the registry per event', () => {
    const topic = { onDragEnd: vi.fn() };
    const starter = { onDragEnd: vi.fn() };
    let registry: DragHandlerRegistry = { topic };
    const responders = createDragDropResponders(() => registry);

    responders.onDragEnd(buildDrop('starter', 0, 1));
    registry = { topic, starter };
    responders.onDragEnd(buildDrop('starter', 0, 1));
    responders.onDragEnd(buildDrop('topic', 1, 0));

    expect(starter.onDragEnd).toHaveBeenCalledTimes(1);
    expect(topic.onDragEnd).toHaveBeenCalledTimes(1);
    expect(topic.onDragEnd).toHaveBeenCalledWith(buildDrop('topic', 1, 0));
  });

  it('ignores events of a type registered without that handler', () => {
    const responders = createDragDropResponders(() => ({ question: { onDragEnd: vi.fn() } }));
    expect(() => {
      responders.onDragUpdate(buildUpdate('question', 0, 1));
      responders.onBeforeDragStart(buildStart('question', 0));
    }).not.toThrow();
  });
});

describe('announcements name the dragged item (issue 44)', () => {
  const name = 'Where did you grow up?';
  it('says which question moved, from and to which position', () => {
    const announce = vi.fn();
    const responders = createDragDropResponders(
      () => ({}),
      (id) => (id === 'item-1' ? name : undefined),
    );
    responders.onDragStart(buildStart('question', 1), { announce });
    responders.onDragUpdate(buildUpdate('question', 1, 0), { announce });
    responders.onDragEnd(buildDrop('question', 1, 0), { announce });
    expect(announce.mock.calls.map(([message]) => message as string)).toEqual([
      'Lifted “Where did you grow up?” at position 2. Use the arrow keys to move it, space to drop it, escape to cancel.',
      'Moved “Where did you grow up?” from position 2 to position 1.',
      'Dropped “Where did you grow up?”: it moved from position 2 to position 1.',
    ]);
  });

  it('leaves the library its own words for an item without a name', () => {
    const announce = vi.fn();
    createDragDropResponders(() => ({})).onDragEnd(buildDrop('question', 1, 0), { announce });
    expect(announce).not.toHaveBeenCalled();
  });

  it('says a cancelled drag left the item where it was', () => {
    expect(describeDragEnd(name, { ...buildDrop('question', 2, null), reason: 'CANCEL' })).toBe(
      'Cancelled: “Where did you grow up?” stays at position 3.',
    );
  });
});
