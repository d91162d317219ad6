// Password form shown when the engine answers 401 (remote access with a password).
import { html, useEffect, useRef, useState } from "../lib/html.js";
import { Icon } from "./icon.js";
import { api } from "../lib/api.js";

function messageFor(error) {
  if (error.status === 401) return "Wrong password";
  if (error.status === 429) return "Too many attempts. Wait a minute and try again.";
  return error.message || "Login failed";
}

export function LoginView({ onLoggedIn }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const input = useRef(null);
  useEffect(() => input.current?.focus(), []);
  const submit = async (event) => {
    event.preventDefault();
    if (!password || busy) return;
    setBusy(true);
    setError("");
    try {
      await api.login(password);
      onLoggedIn();
    } catch (err) {
      setError(messageFor(err));
      setPassword("");
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  return html`
    <main class="login-page">
      <form class="login-card" onSubmit=${submit} aria-labelledby="login-title">
        <div class="login-mark">
          <${Icon} name="shield" size=${36} />
        </div>
        <h1 id="login-title">Parapet</h1>
        <p class="muted">This engine asks for its web UI password before you can use or control it.</p>
        <label for="login-password">Password</label>
        <input id="login-password" ref=${input} type="password" autocomplete="current-password"
          value=${password}
          onInput=${(e) => setPassword(e.target.value)} aria-invalid=${Boolean(
            error,
          )} aria-describedby="login-error" />
        <p id="login-error" class="field-error" role="alert">${error}</p>
        <button type="submit" class="btn btn-primary" disabled=${busy || !password}>${busy
          ? "Signing in…"
          : "Sign in"}</button>
      </form>
    </main>
  `;
}
