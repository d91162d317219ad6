/** An execution tool's environment argument, read as the assignments a command line would carry (round 42:
 * `mcp__shell__run {cmd: "echo ok", env: {BASH_ENV: "/tmp/.x", LD_PRELOAD: "/tmp/.cache/libhook.so"}}` runs as
 * `BASH_ENV=/tmp/.x LD_PRELOAD=... echo ok`), so the variable checks (preload libraries, start-up files, loader options,
 * `GIT_SSH_COMMAND`) judge what the command runs with. The shapes are those of MCP shell servers and agent tools: an
 * object, a list of `K=V` strings, or a list of `{name, value}` pairs (Node's child_process `env`, Docker's `Env`,
 * the MCP SDK's `StdioServerParameters.env`). Sources: ld.so(8) LD_PRELOAD, bash(1) BASH_ENV and ENV, MITRE ATT&CK
 * T1574.006 Dynamic Linker Hijacking. */

type Payload = Record<string, unknown>;

/** Argument names that hold the environment a command runs with (camelCase keys arrive in snake_case). */
const ENVIRONMENT_KEYS = [
  "env",
  "environment",
  "env_vars",
  "envs",
  "environment_variables",
  "extra_env",
  "set_env",
];
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
const MAX_VARIABLES = 64;
const MAX_VALUE = 4096;

const quoted = (value: string) =>
  /^[\w@%+=:,./-]*$/.test(value) ? value : `'${value.replaceAll("'", `'"'"'`)}'`;

/** The name and value pairs of one environment argument, in any of its shapes. */
function pairsOf(value: unknown): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  const add = (name: unknown, text: unknown) => {
    if (typeof name !== "string" || !NAME.test(name)) return;
    if (typeof text === "string" || typeof text === "number" || typeof text === "boolean") {
      pairs.push([name, String(text).slice(0, MAX_VALUE)]);
    }
  };
  if (Array.isArray(value)) {
    for (const item of value.slice(0, MAX_VARIABLES)) {
      if (typeof item === "string") {
        const equals = item.indexOf("=");
        if (equals > 0) add(item.slice(0, equals), item.slice(equals + 1));
      } else if (item && typeof item === "object") {
        const entry = item as Payload;
        add(entry.name ?? entry.key, entry.value);
      }
    }
  } else if (value && typeof value === "object") {
    for (const [name, text] of Object.entries(value as Payload).slice(0, MAX_VARIABLES)) add(name, text);
  }
  return pairs;
}

/** The command line with the environment arguments of `payload` set before it, and the keys it took them from;
 * the command alone when the payload gives no environment. */
export function withEnvironment(payload: Payload, command: string): { command: string; keys: string[] } {
  const keys: string[] = [];
  const assignments: string[] = [];
  for (const key of ENVIRONMENT_KEYS) {
    const pairs = payload[key] === undefined ? [] : pairsOf(payload[key]);
    if (pairs.length === 0) continue;
    keys.push(key);
    for (const [name, value] of pairs) assignments.push(`${name}=${quoted(value)}`);
  }
  return assignments.length === 0
    ? { command, keys }
    : { command: `${assignments.join(" ")} ${command}`, keys };
}
