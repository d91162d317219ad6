// A minimal observable store and a hook that re-renders a component only when its selected slice changes.
import { useEffect, useReducer, useRef } from "./html.js";

export function createStore(initial) {
  let state = initial;
  const listeners = new Set();
  return {
    get: () => state,
    set(patch) {
      const next = typeof patch === "function" ? patch(state) : patch;
      state = { ...state, ...next };
      for (const listener of listeners) listener(state);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore(store, selector = (s) => s) {
  const [, forceRender] = useReducer((n) => n + 1, 0);
  const selectorRef = useRef(selector);
  selectorRef.current = selector;
  const value = selector(store.get());
  const lastValue = useRef(value);
  lastValue.current = value;
  useEffect(() => {
    const check = (state) => {
      if (!Object.is(selectorRef.current(state), lastValue.current)) forceRender();
    };
    check(store.get());
    return store.subscribe(check);
  }, [store]);
  return value;
}
