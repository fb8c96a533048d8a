import type { DragHandlerRegistry, DragHandlers, DragType } from './drag-and-drop.ts';

/**
 * Interface state that lives only until the next navigation (spec §3): fullscreen, loading flags,
 * the chat log page state and the drag handlers of topic, question, question library and starter.
 */
export type TemporaryState = {
  isFullscreen: boolean;
  /** Loading flags by name, e.g. `storyfiles`. */
  loading: Readonly<Record<string, boolean>>;
  /** Shape owned by the chat log screen. */
  chatLogPageState: unknown;
  dragHandlers: Readonly<DragHandlerRegistry>;
};

export const INITIAL_TEMPORARY_STATE: TemporaryState = {
  isFullscreen: false,
  loading: {},
  chatLogPageState: undefined,
  dragHandlers: {},
};

export type TemporaryStateStore = {
  getState: () => TemporaryState;
  /** Replaces the given keys; listeners are told only when something changed. */
  update: (changes: Partial<TemporaryState>) => void;
  setLoading: (name: string, isLoading: boolean) => void;
  setDragHandlers: (type: DragType, handlers: DragHandlers | undefined) => void;
  subscribe: (listener: () => void) => () => void;
  clear: () => void;
};

/**
 * A tiny external store (fits React's useSyncExternalStore): every change produces a new state
 * object, so a snapshot never mutates under a render.
 */
export function createTemporaryStateStore(): TemporaryStateStore {
  let state = INITIAL_TEMPORARY_STATE;
  const listeners = new Set<() => void>();

  function update(changes: Partial<TemporaryState>): void {
    const keys = Object.keys(changes) as (keyof TemporaryState)[];
    if (keys.every((key) => Object.is(state[key], changes[key]))) {
      return;
    }
    state = { ...state, ...changes };
    for (const listener of listeners) {
      listener();
    }
  }

  return {
    getState: () => state,
    update,
    setLoading: (name, isLoading) => {
      if (state.loading[name] !== isLoading) {
        update({ loading: { ...state.loading, [name]: isLoading } });
      }
    },
    setDragHandlers: (type, handlers) => {
      const { [type]: _previous, ...others } = state.dragHandlers;
      update({ dragHandlers: handlers === undefined ? others : { ...others, [type]: handlers } });
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    clear: () => {
      if (state !== INITIAL_TEMPORARY_STATE) {
        state = INITIAL_TEMPORARY_STATE;
        for (const listener of listeners) {
          listener();
        }
      }
    },
  };
}

export const DEFAULT_ROUTE_HISTORY_LIMIT = 50;

export type RouteHistory = {
  /** Records a visit; a repeat of the latest path is not stored twice. */
  record: (pathname: string) => void;
  /** Visited paths, oldest first. */
  getPaths: () => readonly string[];
};

/** A bounded list of visited paths; the oldest fall off once the limit is reached. */
export function createRouteHistory(limit: number = DEFAULT_ROUTE_HISTORY_LIMIT): RouteHistory {
  let paths: readonly string[] = [];
  return {
    record: (pathname) => {
      if (paths.at(-1) !== pathname) {
        paths = [...paths, pathname].slice(-limit);
      }
    },
    getPaths: () => paths,
  };
}

/**
 * Handles a navigation (spec §4): a new pathname clears temporary state and is recorded. Returns
 * whether the pathname is the one last recorded, which is when the search text survives.
 */
export function recordNavigation(
  store: TemporaryStateStore,
  history: RouteHistory,
  pathname: string,
): { isSamePath: boolean } {
  const isSamePath = history.getPaths().at(-1) === pathname;
  if (!isSamePath) {
    store.clear();
    history.record(pathname);
  }
  return { isSamePath };
}
