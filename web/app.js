// Entry point of the Parapet web UI (static ES modules, no build step).
import { html, render } from "./lib/html.js";
import { App } from "./components/app_shell.js";
import { bootstrap } from "./lib/bootstrap.js";

render(html`<${App} />`, document.getElementById("app"));
bootstrap();
