/** `init`: on a terminal asks about the model (and an optional password) and writes them into the config;
 * then writes the memory files and policy presets. Without a terminal (or with --yes) it asks nothing. */
import { DEFAULT_CONFIG_YAML } from "../config/default_config.ts";
import { loadConfig, parseConfigText } from "../config/load_config.ts";
import { initWorkspace } from "../app/init_workspace.ts";
import { checkWorkspaceLayout, layoutOf } from "../workspace/workspace_layout.ts";
import { applyInitAnswers } from "./init_config_text.ts";
import { askInitAnswers } from "./init_wizard.ts";
import { configPathFrom, type OptionValues } from "./options.ts";
import { terminalPrompter } from "./prompter.ts";

export async function initCommand(options: OptionValues): Promise<number> {
  const path = configPathFrom(options);
  if (Deno.stdin.isTerminal() && options.yes !== true) {
    const written = await interactiveConfig(path);
    if (!written) {
      console.error("Stopped: nothing was written");
      return 1;
    }
  }
  const loaded = await loadConfig(path);
  checkWorkspaceLayout(layoutOf(loaded));
  await initWorkspace({ workspace: loaded.workspace, configPath: loaded.path, config: loaded.config });
  console.log(`Workspace ready at ${loaded.workspace} (config: ${loaded.path})`);
  console.log("Next: deno task start   (deno task start -- doctor checks everything)");
  return 0;
}

async function interactiveConfig(path: string): Promise<boolean> {
  const existing = await Deno.readTextFile(path).catch((error) => {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  });
  const text = existing ?? DEFAULT_CONFIG_YAML;
  // A fresh file's example models are replaced, so their names are free.
  const taken = existing === undefined
    ? []
    : parseConfigText(text, path).config.models.map((model) => model.name);
  const io = terminalPrompter();
  io.say(existing === undefined ? `Creating ${path}` : `Adding a chat model to ${path}`);
  const answers = await askInitAnswers(io, taken);
  if (!answers) return false;
  const updated = applyInitAnswers(text, answers, existing === undefined);
  parseConfigText(updated, path);
  const temporary = `${path}.tmp-${crypto.randomUUID().slice(0, 8)}`;
  await Deno.writeTextFile(temporary, updated);
  await Deno.rename(temporary, path);
  io.say(`Saved: roles.chat is "${answers.model.name}" (${answers.model.provider} ${answers.model.model})`);
  return true;
}
