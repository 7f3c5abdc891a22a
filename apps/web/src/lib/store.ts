import { useSyncExternalStore } from 'react';

/** A minimal external store: enough for the auth and KYC state without a state library. */
export interface Store<S> {
  getState(): S;
  setState(update: Partial<S> | ((state: S) => Partial<S>)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<S extends object>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    setState(update) {
      const patch = typeof update === 'function' ? update(state) : update;
      const next = { ...state, ...patch };
      const changed = (Object.keys(patch) as (keyof S)[]).some((key) => !Object.is(state[key], next[key]));
      if (!changed) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Subscribes a component to a store; re-renders only when the state object changes. */
export function useStoreState<S>(store: Pick<Store<S>, 'getState' | 'subscribe'>): S {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/**
 * Subscribes a component to one value of a store (a primitive or a stable object): it re-renders only when that value
 * changes, not on every change of the store (decision 043: the layout no longer renders again on each step of the
 * session check and the user info, each a synchronous render since stores are read with useSyncExternalStore).
 */
export function useStoreValue<S, T>(store: Pick<Store<S>, 'getState' | 'subscribe'>, select: (state: S) => T): T {
  const read = () => select(store.getState());
  return useSyncExternalStore(store.subscribe, read, read);
}
