/** The questions `init` asks on a terminal: which provider, where, which key variable, which model; a test
 * call; an optional web password. Returns what to write, or undefined when the user stopped. */
import { hashSync } from "bcrypt-ts";
import { readEnv } from "../config/env.ts";
import type { ModelConfig } from "../config/schema.ts";
import { complete } from "../providers/complete.ts";
import { createLanguageModel } from "../providers/mod.ts";
import { probeModel } from "../providers/probe_model.ts";
import type { Prompter } from "./prompter.ts";

export interface InitAnswers {
  model: ModelConfig;
  /** bcrypt hash for web.password_hash, when the user set a password. */
  passwordHash?: string;
  /** Listen on every interface (web.host 0.0.0.0): only with a password. */
  remote?: boolean;
}

interface ProviderChoice {
  label: string;
  name: string;
  provider: ModelConfig["provider"];
  baseUrl?: string;
  askBaseUrl: boolean;
  keyEnv?: string;
  model: string;
}

const CHOICES: ProviderChoice[] = [
  {
    label: "Ollama on this machine (no key)",
    name: "local",
    provider: "ollama",
    askBaseUrl: false,
    model: "llama3.2",
  },
  {
    label: "Another OpenAI-compatible server: LM Studio, llama.cpp, vLLM, LiteLLM\u2026 (key optional)",
    name: "local",
    provider: "openai",
    baseUrl: "http://localhost:8080/v1",
    askBaseUrl: true,
    model: "",
  },
  {
    label: "OpenAI",
    name: "openai",
    provider: "openai",
    askBaseUrl: false,
    keyEnv: "OPENAI_API_KEY",
    model: "gpt-4.1-mini",
  },
  {
    label: "Anthropic",
    name: "claude",
    provider: "anthropic",
    askBaseUrl: false,
    keyEnv: "ANTHROPIC_API_KEY",
    model: "claude-sonnet-4-5",
  },
  {
    label: "Google Gemini",
    name: "gemini",
    provider: "google",
    askBaseUrl: false,
    keyEnv: "GEMINI_API_KEY",
    model: "gemini-2.5-flash",
  },
];

const TEST_CALL_MS = 30_000;

export async function askInitAnswers(io: Prompter, takenNames: string[]): Promise<InitAnswers | undefined> {
  io.say("Which model should Parapet talk to?");
  const index = io.choose("Choice:", CHOICES.map((choice) => choice.label), 0);
  if (index === undefined) return undefined;
  const choice = CHOICES[index];
  const model = await askModel(io, choice, takenNames);
  if (!model) return undefined;
  if (!await testCall(io, model)) return undefined;
  return askPassword(io, model);
}

async function askModel(
  io: Prompter,
  choice: ProviderChoice,
  takenNames: string[],
): Promise<ModelConfig | undefined> {
  const entry: ModelConfig = {
    name: uniqueName(choice.name, takenNames),
    provider: choice.provider,
    model: "",
  };
  if (choice.askBaseUrl) {
    const url = io.ask("Base URL of its OpenAI-compatible API:", choice.baseUrl);
    if (url === undefined) return undefined;
    if (!URL.canParse(url)) {
      io.say(`"${url}" is not a URL, e.g. http://localhost:8080/v1`);
      return askModel(io, choice, takenNames);
    }
    entry.base_url = url;
  }
  const keyEnv = io.ask(
    choice.keyEnv
      ? "Environment variable that holds the API key:"
      : "Environment variable that holds its API key (Enter for none):",
    choice.keyEnv,
  );
  if (keyEnv === undefined) return undefined;
  if (keyEnv) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(keyEnv)) {
      io.say(`"${keyEnv}" is not a variable name (letters, digits and _)`);
      return askModel(io, choice, takenNames);
    }
    entry.api_key_env = keyEnv;
    if (readEnv(keyEnv) === undefined) {
      io.say(
        `${keyEnv} is not set in this shell: export ${keyEnv}=... before starting (the key never goes in the file)`,
      );
    }
  }
  const listed = await probeModel({ ...entry, model: choice.model || "?" }, { fetch, env: readEnv }, 5000);
  const offered = listed.models ?? [];
  if (offered.length > 0) {
    io.say(`The server offers: ${offered.slice(0, 12).join(", ")}${offered.length > 12 ? ", \u2026" : ""}`);
  }
  const fallback = offered.find((id) => id === choice.model || id === `${choice.model}:latest`) ??
    offered[0] ??
    choice.model;
  const id = io.ask("Model id:", fallback || undefined);
  if (id === undefined) return undefined;
  if (id === "") return askModel(io, choice, takenNames);
  entry.model = id;
  return entry;
}

/** The model list first (fast, exact fix), then one tiny completion: it proves the model really answers. */
async function testCall(io: Prompter, model: ModelConfig): Promise<boolean> {
  io.say(`Testing ${model.provider} model "${model.model}"\u2026`);
  const probe = await probeModel(model, { fetch, env: readEnv }, 5000);
  let problem = probe.ok ? undefined : `${probe.message}${probe.fix ? ` (fix: ${probe.fix})` : ""}`;
  if (!problem) {
    try {
      const language = createLanguageModel(model, { fetch, env: readEnv, idleTimeoutMs: TEST_CALL_MS });
      const answer = await complete(language, [{ role: "user", content: "Reply with the single word OK." }], {
        maxTokens: 16,
        signal: AbortSignal.timeout(TEST_CALL_MS),
      });
      io.say(`It answered: "${answer.text.trim().slice(0, 60)}"`);
    } catch (error) {
      problem = (error as Error).message;
    }
  }
  if (!problem) return true;
  io.say(`The test call failed: ${problem}`);
  return io.confirm("Save this model anyway?", true) ?? false;
}

function askPassword(io: Prompter, model: ModelConfig): InitAnswers | undefined {
  const wanted = io.confirm(
    "Set a web UI password (needed only to open Parapet from other machines)?",
    false,
  );
  if (wanted === undefined) return undefined;
  if (!wanted) return { model };
  while (true) {
    const password = io.secret("Password (at least 8 characters):");
    if (password === undefined) return undefined;
    if (password.length < 8) {
      io.say("Too short");
      continue;
    }
    if (io.secret("Again:") !== password) {
      io.say("The two did not match");
      continue;
    }
    const remote = io.confirm(
      "Listen on every network interface (web.host 0.0.0.0) so other machines can connect?",
      false,
    );
    if (remote === undefined) return undefined;
    return { model, passwordHash: hashSync(password, 12), remote };
  }
}

function uniqueName(base: string, taken: string[]): string {
  if (!taken.includes(base)) return base;
  for (let index = 2;; index++) if (!taken.includes(`${base}${index}`)) return `${base}${index}`;
}
