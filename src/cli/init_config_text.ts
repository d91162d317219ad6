/** Writes `init`'s answers into config text: the model entry (commented like the default), roles.chat and the
 * web password, changing only those lines of an existing file. */
import { parseDocument } from "yaml";
import type { ModelConfig } from "../config/schema.ts";
import { appendYamlListItem, replaceYamlBlock, setYamlValue } from "../config/yaml_edit.ts";
import type { InitAnswers } from "./init_wizard.ts";

const COMMENTS: Record<string, string> = {
  name: "unique name that roles refer to",
  provider: "openai | anthropic | google | ollama",
  model: "provider-specific model id",
  api_key_env: "env var holding the API key (never the key itself)",
  base_url: "endpoint; omit for the provider's default",
};

/** A list item with a comment on each line, indented for `models:` at the top level. */
function modelEntryLines(model: ModelConfig, indent = 2): string {
  const fields = (["name", "provider", "model", "api_key_env", "base_url"] as const)
    .filter((key) => model[key] !== undefined)
    .map((key) => `${key}: ${quoteIfNeeded(String(model[key]))}`);
  return fields.map((field, index) => {
    const pad = " ".repeat(indent) + (index === 0 ? "- " : "  ");
    const key = field.slice(0, field.indexOf(":"));
    return `${`${pad}${field}`.padEnd(32)}  # ${COMMENTS[key]}\n`;
  }).join("");
}

/** `fresh` replaces the default's example models; otherwise the entry is added to the file's own. */
export function applyInitAnswers(text: string, answers: InitAnswers, fresh: boolean): string {
  const entry = modelEntryLines(answers.model);
  let updated =
    (fresh ? replaceYamlBlock(text, ["models"], entry) : appendYamlListItem(text, ["models"], entry)) ??
      withDocument(text, (document) => document.addIn(["models"], answers.model));
  updated = set(updated, ["roles", "chat"], answers.model.name);
  if (answers.passwordHash) updated = set(updated, ["web", "password_hash"], answers.passwordHash);
  if (answers.remote) updated = set(updated, ["web", "host"], "0.0.0.0");
  return updated;
}

function set(text: string, keyPath: string[], value: string): string {
  return setYamlValue(text, keyPath, value) ??
    withDocument(text, (document) => document.setIn(keyPath, value));
}

function withDocument(text: string, change: (document: ReturnType<typeof parseDocument>) => void): string {
  const document = parseDocument(text);
  change(document);
  return document.toString();
}

function quoteIfNeeded(value: string): string {
  return /^[\w./:@-]+$/.test(value) && !/^(true|false|null|yes|no|~|[\d.]+)$/i.test(value)
    ? value
    : JSON.stringify(value);
}
