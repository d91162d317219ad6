/** Which model a sub-agent talks to: the model the call names, else agents.sub_agent_model, else
 * roles.sub_agent, else the cheapest-looking configured model, else the chat model. */
import type { Config } from "../../config/schema.ts";
import type { ModelEntry } from "../../providers/types.ts";
import { ToolError } from "../../lib/errors.ts";
import type { ChosenModel } from "./sub_agent_ports.ts";

/** Model ids vendors give their small, cheap models. */
const CHEAP_MODEL = /(?:^|[-_.:/])(?:mini|nano|haiku|flash|lite|small|tiny)(?:$|[-_.:/])/i;

export function chooseSubAgentModel(
  config: Config,
  requested: string | undefined,
  readKey: (envName: string) => string | undefined,
): ChosenModel {
  const entry = pick(config, requested);
  return { entry, apiKey: entry.api_key_env ? readKey(entry.api_key_env) : undefined };
}

function pick(config: Config, requested: string | undefined): ModelEntry {
  const byName = (name: string | undefined) => config.models.find((model) => model.name === name);
  if (requested !== undefined) {
    const entry = byName(requested);
    if (!entry) {
      const names = config.models.map((model) => `"${model.name}"`).join(", ") || "none";
      throw new ToolError(`No configured model named "${requested}": models[] has ${names}`);
    }
    return entry;
  }
  const override = config.agents.sub_agent_model;
  const role = byName(config.roles.sub_agent);
  if (override) {
    // A models[] name, or a model id of the sub-agent (else chat) role's provider.
    const named = byName(override);
    if (named) return named;
    const base = role ?? byName(config.roles.chat);
    if (base) return { ...base, model: override };
  }
  if (role) return role;
  const language = config.models.filter((model) => model.name !== config.roles.embedding);
  const cheap = language.find((model) => CHEAP_MODEL.test(model.model));
  const chosen = cheap ?? byName(config.roles.chat);
  if (!chosen) {
    throw new ToolError("No model for sub-agents: set roles.sub_agent (or roles.chat) in config.yaml");
  }
  return chosen;
}
