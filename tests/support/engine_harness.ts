/** Starts the real engine (supervisor + engine processes) on a free loopback port in a temp folder laid out as
 * `deno task start` makes it: `config.yaml` and `security/` beside `workspace/`. */
import { hashSync } from "bcrypt-ts";
import { stringify } from "yaml";
import { fromFileUrl } from "./paths.ts";

const MAIN = fromFileUrl(new URL("../../main.ts", import.meta.url));

export interface HarnessOptions {
  /** Base URL of an OpenAI-compatible server (e.g. the fake LLM's url); becomes roles.chat. */
  llmUrl?: string;
  /** Deep-merged into the generated config.yaml. */
  config?: Record<string, unknown>;
  env?: Record<string, string>;
  /** Folder for config.yaml (and files the config names, such as a policy), reused across engines and kept on
   * stop; the workspace is its `workspace/` subfolder. Default: a fresh temp folder, removed on stop. */
  root?: string;
}

export interface TestEngine {
  url: string;
  wsUrl: string;
  port: number;
  /** The folder holding config.yaml. */
  root: string;
  /** The agent's workspace (real path), `<root>/workspace`. */
  workspace: string;
  configPath: string;
  /** Everything the processes printed so far. */
  output(): string;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export function hashPassword(password: string): string {
  return hashSync(password, 4);
}

export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

export function testConfig(options: HarnessOptions): Record<string, unknown> {
  const base: Record<string, unknown> = {
    workspace: "./workspace",
    general: { rate_limit: 1000 },
    web: {},
  };
  if (options.llmUrl) {
    base.models = [{
      name: "fake",
      provider: "openai",
      model: "fake-model",
      base_url: options.llmUrl,
      api_key_env: "FAKE_LLM_KEY",
    }];
    base.roles = { chat: "fake" };
  }
  return deepMerge(base, options.config ?? {});
}

export async function startTestEngine(options: HarnessOptions = {}): Promise<TestEngine> {
  const root = await Deno.realPath(options.root ?? await Deno.makeTempDir({ prefix: "parapet-e2e-" }));
  const workspace = `${root}/workspace`;
  const configPath = `${root}/config.yaml`;
  await Deno.writeTextFile(configPath, stringify(testConfig(options)));
  const port = freePort();
  let log = "";
  let child: Deno.ChildProcess | undefined;
  let pump: Promise<void> | undefined;

  const launch = async () => {
    child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", MAIN, "start", "--config", configPath, "--port", String(port)],
      env: { FAKE_LLM_KEY: "test-key", NO_COLOR: "1", ...options.env },
      stdout: "piped",
      stderr: "piped",
      stdin: "null",
    }).spawn();
    pump = Promise.all([collect(child.stdout), collect(child.stderr)]).then(() => {});
    await waitForStatus(`http://127.0.0.1:${port}`, () => log);
  };
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) log += decoder.decode(chunk, { stream: true });
  };
  const halt = async () => {
    if (!child) return;
    try {
      child.kill("SIGTERM");
    } catch {
      // already exited
    }
    const exited = await Promise.race([child.status.then(() => true), delay(10_000).then(() => false)]);
    if (!exited) {
      try {
        child.kill("SIGKILL");
      } catch {
        // gone
      }
      await child.status;
    }
    await pump;
    child = undefined;
  };

  await launch();
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/api/ws`,
    port,
    root,
    workspace,
    configPath,
    output: () => log,
    restart: async () => {
      await halt();
      await launch();
    },
    stop: async () => {
      await halt();
      if (!options.root) await Deno.remove(root, { recursive: true }).catch(() => {});
    },
  };
}

async function waitForStatus(url: string, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/status`);
      await response.body?.cancel();
      if (response.status === 200 || response.status === 401) return;
    } catch {
      // not listening yet
    }
    await delay(100);
  }
  throw new Error(`Engine did not become ready at ${url}:\n${log()}`);
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function deepMerge(base: Record<string, unknown>, extra: Record<string, unknown>): Record<string, unknown> {
  const result = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = result[key];
    result[key] = isObject(current) && isObject(value) ? deepMerge(current, value) : value;
  }
  return result;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
