// One place that binds htm to Preact so components share `html`, `render` and the hooks.
import { Component, Fragment, h, render } from "../vendor/preact.js";
import htm from "../vendor/htm.js";

export const html = htm.bind(h);
export { Component, Fragment, h, render };
export {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "../vendor/preact_hooks.js";
