/** Commands a written file will make something run later, so they are judged now like commands: values of
 * command-like keys in configuration files (`"command"`, `lint-cmd`, `postCreateCommand`, `run:`, hooks, npm
 * `scripts`, MCP server `command` + `args`), Makefile and justfile recipe lines, `//go:generate` lines, CMake `COMMAND`s, MSBuild `<Exec>`s, the code spans and blocks of agent instruction files (what an
 * agent reading them is told to run). Tolerant line/regex reading, bounded; never throws. */

import { manifestCommands } from "./kube_inputs.ts";
import { matchesOf } from "./match_all.ts";

const MAX_COMMANDS = 32;
const MAX_CONTENT_CHARS = 256 * 1024;

/** Files whose values configure tools, editors, agents, CI and containers. */
const CONFIG_FILE =
  /\.(?:json|jsonc|ya?ml|toml|ini|cfg|conf)$|(?:^|\/)(?:\.[\w-]*rc|\.env[\w.-]*|procfile|\.gitconfig|\.gitmodules|\.git\/config)$/i;
/** Keys whose string value is a command line run by the tool that reads the file. */
const COMMAND_KEY =
  /^(?:cmd|command|commands|run|script|exec|execute|entrypoint|shell|program|hook|hooks|(?:[\w.-]*[-_.])?(?:cmd|command|script|hook)|(?:pre|post)[\w-]*(?:command|install|build|start|commit|push|checkout|create|attach)?|(?:on|initialize|update|postCreate|postStart|postAttach)Command|ExecStart\w*|entry|lint|test|build|start|install|prepare|setup|serve|dev|apiKeyHelper)$/i;
/** Agent instruction files: code spans and fenced blocks are commands the agent is told to run. */
const MARKDOWN =
  /\.(?:md|mdc|mdx|txt)$|(?:^|\/)(?:\.cursorrules|\.windsurfrules|\.clinerules|\.goosehints|\.rules)$/i;

function unquote(value: string): string {
  const trimmed = value.trim().replace(/,\s*$/, "");
  const quoted = /^(["'])([\s\S]*)\1$/.exec(trimmed);
  if (!quoted) return trimmed;
  return quoted[1] === '"' ? quoted[2].replace(/\\(["\\/])/g, "$1").replace(/\\n/g, "\n") : quoted[2];
}

/** `"key": "value"` pairs (JSON), with an `"args": [...]` list after a command joined to it. */
function jsonCommands(text: string, found: string[]): void {
  const pair =
    /"([\w.$:-]{1,64})"\s*:\s*("(?:[^"\\]|\\.){1,4096}")(?:\s*,\s*"args"\s*:\s*\[([^\]]{0,4096})\])?/g;
  for (const match of text.matchAll(pair)) {
    if (found.length >= MAX_COMMANDS) return;
    if (!COMMAND_KEY.test(match[1].split(".").pop() ?? "")) continue;
    const args = match[3]
      ? [...match[3].matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((item) => unquote(`"${item[1]}"`))
      : [];
    found.push([unquote(match[2]), ...args].join(" "));
  }
}

/** `key: value` (YAML, with `|`/`>` blocks), `key = value` (TOML, INI) lines, including `- run: ...` items. */
function lineCommands(text: string, found: string[]): void {
  const lines = text.split("\n", 8192);
  for (let i = 0; i < lines.length && found.length < MAX_COMMANDS; i++) {
    const match = /^([\t ]*)(?:-[\t ]+)?([\w.$-]{1,64})[\t ]*[:=][\t ]*(.*)$/.exec(lines[i]);
    if (!match || !COMMAND_KEY.test(match[2])) continue;
    const value = unquote(match[3]);
    if (/^[|>][-+]?$/.test(value)) {
      const indent = match[1].length;
      const block: string[] = [];
      while (
        i + 1 < lines.length &&
        (lines[i + 1].trim() === "" || /^[\t ]*/.exec(lines[i + 1])![0].length > indent)
      ) {
        block.push(lines[++i].trim());
      }
      if (block.length > 0) found.push(block.join("\n"));
    } else if (value === "") {
      // `commands =` (INI continuation lines) or `script:` followed by a list (`- npm test`): each line runs.
      // Lines that are `key: value` pairs are left to this loop (they are read as their own keys).
      const indent = match[1].length;
      for (
        let j = i + 1;
        j < lines.length && found.length < MAX_COMMANDS && lines[j].trim() !== "" &&
        /^[\t ]*/.exec(lines[j])![0].length > indent;
        j++
      ) {
        const item = lines[j].trim().replace(/^-[\t ]+/, "");
        if (item !== "" && !/^[\w.$-]{1,64}[\t ]*[:=](?:[\t ]|$)/.test(item)) found.push(unquote(item));
      }
    } else if (!/^[{[]/.test(value)) found.push(value);
  }
}

/** Code spans and fenced blocks of a Markdown instruction file. */
function markdownCommands(text: string, found: string[]): void {
  for (const match of text.matchAll(/```[\w-]*\n([\s\S]{1,8192}?)```|`([^`\n]{2,512})`/g)) {
    if (found.length >= MAX_COMMANDS) return;
    found.push(match[1] ?? match[2]);
  }
}

/** Build recipes: Makefiles and justfiles, whose indented recipe lines are shell commands run by `make`/`just`. */
const RECIPE_FILE = /(?:^|\/)(?:makefile|gnumakefile|[\w.-]+\.mk|justfile|\.justfile)$/i;

function recipeCommands(text: string, found: string[]): void {
  for (const match of text.matchAll(/^(?:\t| {2,8})[@+-]*([^\s#].{0,4095})$/gm)) {
    if (found.length >= MAX_COMMANDS) return;
    found.push(match[1]);
  }
}

/** Git configuration files: a value starting with `!` is a shell command (`update = !cmd`, `alias.x = !cmd`). */
const GIT_CONFIG = /(?:^|\/)(?:\.gitmodules|\.gitconfig|\.git\/config|gitconfig)$/i;

function gitBangCommands(text: string, found: string[]): void {
  for (const match of text.matchAll(/^\s*[\w.-]+\s*=\s*"?!(.{1,2048}?)"?\s*$/gm)) {
    if (found.length >= MAX_COMMANDS) return;
    found.push(match[1]);
  }
}

/** `//go:generate` directives in Go sources: `go generate` runs the rest of the line as a command. */
function goGenerateCommands(text: string, found: string[]): void {
  for (const match of text.matchAll(/^\/\/go:generate\s+(.{1,2048})$/gm)) {
    if (found.length >= MAX_COMMANDS) return;
    found.push(match[1]);
  }
}

/** CMake `execute_process(COMMAND ...)` and custom commands: run when the project is configured or built. */
const CMAKE_FILE = /(?:^|\/)cmakelists\.txt$|\.cmake$/;
const CMAKE_COMMAND =
  /\bCOMMAND\s+([^\n)]{1,2048}?)(?=\s+(?:COMMAND|OUTPUT_\w+|WORKING_DIRECTORY|RESULT_\w+|ERROR_\w+|DEPENDS|COMMENT|VERBATIM|BYPRODUCTS|TIMEOUT)\b|\s*\)|\n)/g;

function cmakeCommands(text: string, found: string[]): void {
  for (const match of matchesOf(CMAKE_COMMAND, text)) {
    if (found.length >= MAX_COMMANDS) return;
    found.push(match[1]);
  }
}

/** MSBuild `<Exec Command="..." />` in project, props and targets files: run on every build. */
const MSBUILD_FILE = /\.(?:props|targets|csproj|vbproj|fsproj|vcxproj|proj)$/;

function msbuildCommands(text: string, found: string[]): void {
  for (const match of text.matchAll(/<Exec\b[^>]*?\bCommand\s*=\s*"([^"]{1,4096})"/gi)) {
    if (found.length >= MAX_COMMANDS) return;
    found.push(
      match[1].replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&"),
    );
  }
}

/** Gradle `exec { commandLine ... }` / `Exec` tasks and Maven's exec plugin `<executable>` + `<argument>`s: run on
 * every build (https://docs.gradle.org/current/dsl/org.gradle.api.tasks.Exec.html,
 * https://www.mojohaus.org/exec-maven-plugin/exec-mojo.html). A `sh -c` line's script is the command. */
const GRADLE_FILE = /\.gradle(?:\.kts)?$/;
const QUOTED = /"([^"\n]{0,2048})"|'([^'\n]{0,2048})'/g;

function argvCommand(words: string[], found: string[]): void {
  if (words.length === 0 || found.length >= MAX_COMMANDS) return;
  const dashC = words.indexOf("-c");
  if (dashC > 0 && /(?:^|\/)(?:ba|z|da|)sh$/.test(words[0]) && words[dashC + 1]) found.push(words[dashC + 1]);
  else found.push(words.join(" "));
}

function gradleCommands(text: string, found: string[]): void {
  for (
    const match of text.matchAll(
      /\b(?:commandLine|args)\s*\(?\s*((?:(?:"[^"\n]*"|'[^'\n]*')\s*,?\s*){1,16})/g,
    )
  ) {
    argvCommand([...matchesOf(QUOTED, match[1])].map((quoted) => quoted[1] ?? quoted[2]), found);
  }
}

function mavenExecCommands(text: string, found: string[]): void {
  for (
    const match of text.matchAll(
      /<executable>\s*([^<\s]{1,256})\s*<\/executable>([\s\S]{0,4096}?)<\/configuration>/g,
    )
  ) {
    const words = [
      match[1],
      ...[...match[2].matchAll(/<argument>([^<]{0,2048})<\/argument>/g)].map((arg) => arg[1]),
    ];
    argvCommand(words, found);
  }
}

/** Commands the written content holds for `path` (lower-cased absolute path); empty when it holds none. */
export function configCommands(path: string, content: string, instructions: boolean): string[] {
  const text = content.length > MAX_CONTENT_CHARS ? content.slice(0, MAX_CONTENT_CHARS) : content;
  const found: string[] = [];
  try {
    if (instructions && MARKDOWN.test(path)) markdownCommands(text, found);
    if (GIT_CONFIG.test(path)) gitBangCommands(text, found);
    if (RECIPE_FILE.test(path)) recipeCommands(text, found);
    if (path.endsWith(".go") && text.includes("go:generate")) goGenerateCommands(text, found);
    if (CMAKE_FILE.test(path) && text.includes("COMMAND")) cmakeCommands(text, found);
    if (MSBUILD_FILE.test(path) && /<Exec\b/i.test(text)) msbuildCommands(text, found);
    if (GRADLE_FILE.test(path) && /\b(?:commandLine|args)\b/.test(text)) gradleCommands(text, found);
    if (path.endsWith("pom.xml") && text.includes("<executable>")) mavenExecCommands(text, found);
    // A Kubernetes manifest's container `command:`/`args:` lists (round 33), flow or block lists alike.
    if (/\.ya?ml$/.test(path) && /\b(?:command|args)["']?\s*:/.test(text) && /\bkind["']?\s*:/.test(text)) {
      found.push(...manifestCommands(text));
    }
    if (CONFIG_FILE.test(path) || instructions) {
      jsonCommands(text, found);
      lineCommands(text, found);
    }
  } catch {
    // Tolerant reading: whatever was found so far is judged.
  }
  return found;
}
