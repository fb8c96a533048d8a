import { describe, expect, it, vi } from 'vitest';
import {
  createRouteHistory,
  createTemporaryStateStore,
  INITIAL_TEMPORARY_STATE,
  recordNavigation,
} from './temporary-state.ts';

describe('temporary state store', () => {
  it('starts empty', () => {
    expect(createTemporaryStateStore().getState()).toEqual({
      isFullscreen: false,
      loading: {},
      chatLogPageState: undefined,
      dragHandlers: {},
    });
  });

  it.each([
    ['fullscreen', { isFullscreen: true }],
    ['chat log page state', { chatLogPageState: { page: 2 } }],
  ])('stores %s and clear() resets it', (_name, changes) => {
    const store = createTemporaryStateStore();
    store.update(changes);
    expect(store.getState()).toMatchObject(changes);
    store.clear();
    expect(store.getState()).toBe(INITIAL_TEMPORARY_STATE);
  });

  it('keeps loading flags by name', () => {
    const store = createTemporaryStateStore();
    store.setLoading('storyfiles', true);
    store.setLoading('topics', true);
    store.setLoading('storyfiles', false);
    expect(store.getState().loading).toEqual({ storyfiles: false, topics: true });
  });

  it.each(['topic', 'question', 'question-library', 'starter'] as const)(
    'registers and removes %s drag handlers',
    (type) => {
      const store = createTemporaryStateStore();
      const handlers = { onDragEnd: vi.fn() };
      store.setDragHandlers(type, handlers);
      expect(store.getState().dragHandlers).toEqual({ [type]: handlers });
      store.setDragHandlers(type, undefined);
      expect(store.getState().dragHandlers).toEqual({});
    },
  );

  it('gives a new snapshot per change and notifies only on change', () => {
    const store = createTemporaryStateStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getState();

    store.update({ isFullscreen: true });
    store.update({ isFullscreen: true });
    store.setLoading('x', true);
    store.setLoading('x', true);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.getState()).not.toBe(before);
    expect(before.isFullscreen).toBe(false);

    store.clear();
    store.clear();
    expect(listener).toHaveBeenCalledTimes(3);

    unsubscribe();
    store.update({ isFullscreen: true });
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

describe('route history', () => {
  it.each([
    [['/a', '/b', '/c'], 5, ['/a', '/b', '/c']],
    [['/a', '/a', '/b', '/a'], 5, ['/a', '/b', '/a']],
    [['/a', '/b', '/c', '/d'], 2, ['/c', '/d']],
  ])('recording %j with limit %i keeps %j', (visits, limit, paths) => {
    const history = createRouteHistory(limit);
    for (const visit of visits) {
      history.record(visit);
    }
    expect(history.getPaths()).toEqual(paths);
  });
});

describe('recordNavigation', () => {
  it.each([
    [[], '/storyfiles', false, true],
    [['/dashboard'], '/storyfiles', false, true],
    [['/storyfiles'], '/storyfiles', true, false],
  ])('history %j entering %s -> same %s, cleared %s', (visits, pathname, isSamePath, isCleared) => {
    const store = createTemporaryStateStore();
    const history = createRouteHistory();
    for (const visit of visits) {
      history.record(visit);
    }
    store.update({ isFullscreen: true });

    expect(recordNavigation(store, history, pathname)).toEqual({ isSamePath });
    expect(store.getState().isFullscreen).toBe(!isCleared);
    expect(history.getPaths().at(-1)).toBe(pathname);
  });
});
