/** The lines printed once the engine listens: where it is, which model and whether it answered, where the
 * workspace is, how commands are confined and how Shield is set up. */
import { basename, join } from "node:path";
import type { Config, ModelConfig } from "../config/schema.ts";
import type { ModelProbe } from "../providers/probe_model.ts";
import type { SandboxInfo } from "../sandbox/sandbox.ts";
import type { TerminalStyle } from "../lib/terminal_style.ts";

export interface BannerInputs {
  version: string;
  url: string;
  config: Config;
  workspace: string;
  sandbox: SandboxInfo;
  /** The chat model's check; undefined when roles.chat names no model. */
  probe?: ModelProbe;
  style: TerminalStyle;
}

export function bannerLines(inputs: BannerInputs): string[] {
  const { config, style } = inputs;
  const row = (label: string, text: string) => `  ${style.dim(label.padEnd(10))} ${text}`;
  return [
    `${style.bold(`Parapet ${inputs.version} is ready at`)} ${style.cyan(inputs.url)}`,
    ...modelRows(chatModel(config), inputs.probe, style).map((text, index) =>
      row(index === 0 ? "model" : "", text)
    ),
    row("workspace", inputs.workspace),
    row("sandbox", sandboxText(inputs.sandbox, style)),
    row("shield", shieldText(config)),
    row("logs", join(inputs.workspace, ".engine", "logs", "engine.log")),
    row("chat", `open ${inputs.url} in a browser, or run: deno task start -- chat`),
  ];
}

export function chatModel(config: Config): ModelConfig | undefined {
  const name = config.roles.chat;
  return name ? config.models.find((model) => model.name === name) : undefined;
}

function modelRows(
  model: ModelConfig | undefined,
  probe: ModelProbe | undefined,
  style: TerminalStyle,
): string[] {
  if (!model) {
    return [`${style.yellow("none")}: roles.chat names no model; set one up with: deno task start -- init`];
  }
  const name = `${model.name} (${model.provider} ${model.model})`;
  if (!probe) return [name];
  if (probe.ok) return [`${name}: ${style.green(lowerFirst(probe.message))}`];
  return [
    `${name}: ${style.red(lowerFirst(probe.message))}`,
    `${style.yellow("fix:")} ${probe.fix ?? "see deno task start -- doctor"}`,
  ];
}

function sandboxText(sandbox: SandboxInfo, style: TerminalStyle): string {
  if (sandbox.active) {
    return "bubblewrap: shell commands get the workspace writable, the rest read-only, no network";
  }
  return `${style.yellow("off")}: ${
    sandbox.reason ?? "bubblewrap is unavailable"
  } (shell commands run unconfined; ` +
    "install bubblewrap)";
}

function shieldText(config: Config): string {
  const parts = [
    `policy ${basename(config.shield.policy_file)}`,
    `heuristics ${config.shield.heuristic_enabled ? "on" : "off"}`,
    config.shield.classifier_enabled ? `classifier at ${config.shield.classifier_addr}` : "",
    config.roles.shield ? `Tier 2 by "${config.roles.shield}"` : "Tier 2 off (escalations ask you)",
    config.general.fail_closed ? "fail-closed" : "fail-open",
  ];
  return parts.filter(Boolean).join(", ");
}

function lowerFirst(text: string): string {
  return text[0].toLowerCase() + text.slice(1);
}
