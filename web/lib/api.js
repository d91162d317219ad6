// REST client for the engine API: JSON in and out, and one place that notices a 401 and asks for login.
import { appStore } from "./app_store.js";

export class ApiError extends Error {
  constructor(message, status, code) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function request(method, path, body, headers = {}) {
  const init = { method, headers: { Accept: "application/json", ...headers }, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new ApiError(`Cannot reach the engine: ${error.message}`, 0, "NETWORK");
  }
  if (response.status === 401 && path !== "/api/login") {
    appStore.set({ auth: "required" });
  }
  if (response.status === 204) return null;
  const text = await response.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = { error: text.slice(0, 200) };
    }
  }
  if (!response.ok) {
    const message = (data && typeof data.error === "string" && data.error) ||
      `Request failed: HTTP ${response.status}`;
    throw new ApiError(message, response.status, data?.code);
  }
  return data;
}

const enc = encodeURIComponent;

export const api = {
  status: () => request("GET", "/api/status"),
  listSessions: () => request("GET", "/api/sessions"),
  getSession: (id) => request("GET", `/api/sessions/${enc(id)}`),
  createSession: (mode = "normal") => request("POST", "/api/sessions", { mode }),
  renameSession: (id, title) => request("PATCH", `/api/sessions/${enc(id)}`, { title }),
  deleteSession: (id) => request("DELETE", `/api/sessions/${enc(id)}`),
  messages: (id) => request("GET", `/api/sessions/${enc(id)}/messages`),
  searchSessions: (q) => request("GET", `/api/sessions/search?q=${enc(q)}`),
  settings: () => request("GET", "/api/settings"),
  memoryFile: (type) => request("GET", `/api/memory/${enc(type)}`),
  searchMemory: (q) => request("GET", `/api/memory/search?q=${enc(q)}`),
  logs: (params) => request("GET", `/api/logs?${new URLSearchParams(params)}`),
  audit: (params) => request("GET", `/api/audit?${new URLSearchParams(params)}`),
  metrics: (period) => request("GET", `/api/metrics?period=${enc(period)}`),
  dailyMetrics: (days = 30) => request("GET", `/api/metrics/daily?days=${days}`),
  subAgents: () => request("GET", "/api/sub-agents"),
  channels: () => request("GET", "/api/channels"),
  login: (password) => request("POST", "/api/login", { password }),
  // The header keeps other sites from getting a key: they could only send it after a CORS preflight.
  controlKey: () => request("POST", "/api/control-key", undefined, { "X-Parapet-Control": "1" }),
  logout: () => request("POST", "/api/logout"),
};
