// lazy(): loads a view's module on first use, so the first chat paint does not wait for console pages.
import { h, html, useEffect, useState } from "./html.js";

export function lazy(load, exportName) {
  let Loaded = null;
  let pending = null;
  return function LazyView(props) {
    const [, setReady] = useState(false);
    const [error, setError] = useState("");
    useEffect(() => {
      if (Loaded) return;
      let live = true;
      pending ??= load().then((module) => (Loaded = module[exportName]));
      pending.then(() => live && setReady(true)).catch((err) => live && setError(err.message));
      return () => (live = false);
    }, []);
    if (Loaded) return h(Loaded, props);
    if (error) {
      return html`<p class="notice notice-error page" role="alert">Cannot load this page: ${error}</p>`;
    }
    return html`<p class="muted page" role="status">Loading…</p>`;
  };
}
