/** Tools named after a program whose command line the shell checks judge whole, given its words and nothing else
 * (round 61): `pytest {args: ["-k", "not slow", "-q"]}`, `mcp__dev__eslint {argv: [".", "--fix"]}`, `find {arguments:
 * [HOME, "-delete"]}` run that program with those words, so they are judged as its command line exactly as a shell
 * tool's line would be: the harmless ones pass and the harmful ones stop as their line does. Round 51's table
 * (`cli_program_tools.ts`) comes first (toolchains, and the cloud CLIs and secret stores only for the subcommands it
 * knows); here the standard Unix utilities (`data/standard_utilities.ts`: their work is files and the shell, which the
 * path checks judge by argument) and the linters, formatters, type checkers and test runners whose work is the
 * checkout. Interpreters (`node -e`, `ruby -rsocket -e`), network tools (`nc`, `openssl s_client`) and cloud CLIs
 * keep their own readings: what their words do the shell checks do not always know, and an unknown effect asks.
 * Only with a plain list of words (`wordListKey`) and no other field than where and how long it runs: a tool given a
 * stdin file, a pipe or a path besides stays what it was. */

import { listedProgramOf, wordListKey } from "./cli_program_tools.ts";
import { BASH_BUILTINS, GNU_COREUTILS, POSIX_UTILITIES } from "./data/standard_utilities.ts";
import { VERSION_SUFFIX } from "./tool_aliases.ts";
import { keyProgramNamed, keyToolWords } from "./key_tools.ts";

/** Linters, formatters, type checkers and test runners: they read the checkout and report, or rewrite its files. */
const CHECKOUT_TOOLS = new Set(
  `ruff eslint prettier mypy pyright black isort flake8 pylint pycodestyle pydocstyle tsc biome rubocop standardrb
  gofmt goimports golangci-lint staticcheck clippy rustfmt stylelint shellcheck shfmt hadolint markdownlint yamllint
  jest vitest mocha ava karma playwright cypress pytest nosetests coverage phpunit phpstan psalm ktlint detekt
  swiftlint swiftformat clang-format clang-tidy cppcheck cpplint sqlfluff terraform-docs tflint checkov`
    .split(/\s+/),
);
/** The standard utilities (round 59's list: POSIX, Bash builtins, GNU coreutils). */
const STANDARD = new Set(`${POSIX_UTILITIES} ${BASH_BUILTINS} ${GNU_COREUTILS}`.trim().split(/\s+/));
/** Interpreters, taken only when their first word is a script of the checkout (`node {args: ["scripts/gen.js"]}`):
 * code given inline (`-e`, `-c`) keeps the code tool's reading. */
const INTERPRETERS = /^(?:node|nodejs|python[0-9.]*|ruby|perl|php)$/;
const CHECKOUT_SCRIPT = /^(?![-/~$])(?!.*\.\.)[\w./-]{1,200}\.(?:js|mjs|cjs|ts|py|rb|pl|php)$/;
/** The Windows shells: round 53 reads their lists (`listedProgramOf`); their scripts are no program's words. */
const WINDOWS_SHELLS = /^(?:powershell|pwsh|cmd)(?:\.exe)?$/;

/** Keys that carry something the program reads or runs besides its words (a stdin file, a pipe, a path, a script,
 * a follow-up command): with one of them the words are not all the call does. Other keys (where and how long it
 * runs, a request id, metadata) say nothing of what it does. */
const DATA_KEYS =
  /(?:^|_)(?:stdin|input|pipe|file|path|data|body|content|script|code|command|cmd|then|after|next|url|source|target|dest|payload|text|query|sql|expr)(?:_|$)/;

/** A payload of a program's words (`rm {args: ["-rf", DIR]}`, `find {arguments: [DIR, "-delete"]}`) and nothing
 * else it reads or runs. */
export function wordsOnly(payload: Record<string, unknown> | undefined): boolean {
  const key = payload === undefined ? undefined : wordListKey(payload);
  return key !== undefined && onlyBeside(payload!, key);
}

/** Whether every key but `key` says nothing the program reads or runs. */
function onlyBeside(payload: Record<string, unknown>, key: string): boolean {
  return Object.keys(payload).every((other) =>
    other === key ||
    !DATA_KEYS.test(other.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase().replace(/-/g, "_"))
  );
}

function firstWord(payload: Record<string, unknown>): string | undefined {
  const value = payload[wordListKey(payload)!];
  return Array.isArray(value)
    ? value[0]
    : typeof value === "string"
    ? value.trim().split(/\s+/)[0]
    : undefined;
}

/** The program a tool named after it runs with the payload's words, if any: round 51's CLI table first, then any
 * standard utility or checkout tool. */
export function programToolOf(
  name: string,
  payload: Record<string, unknown> | undefined,
): string | undefined {
  const listed = listedProgramOf(name, payload);
  if (listed === undefined) {
    // Round 83: a key or certificate program's tool given its words or its own command line (`key_tools.ts`); asked
    // about the name alone, the name decides, as below.
    const unversioned = name.replace(VERSION_SUFFIX, "");
    if (payload === undefined) {
      const named = keyProgramNamed(unversioned);
      if (named !== undefined) return named;
    } else {
      const keyed = keyToolWords(unversioned, payload);
      if (keyed !== undefined && onlyBeside(payload, keyed.key)) return keyed.program;
    }
  }
  // Asked about a name alone (is `server:pytest` a namespaced program tool?), the name decides; the payload is judged
  // when the call itself is.
  if (listed !== undefined || (payload !== undefined && !wordsOnly(payload))) return listed;
  const bare = name.toLowerCase().replace(VERSION_SUFFIX, "").replace(/\.v\d{1,2}$/, "");
  if (WINDOWS_SHELLS.test(bare) || !/^[a-z][\w.+-]{0,40}$/.test(bare)) return undefined;
  if (INTERPRETERS.test(bare)) {
    return payload !== undefined && CHECKOUT_SCRIPT.test(firstWord(payload) ?? "") ? bare : undefined;
  }
  for (const spelling of new Set([bare, bare.replace(/_/g, "-")])) {
    if (CHECKOUT_TOOLS.has(spelling) || STANDARD.has(spelling)) return spelling;
  }
  return undefined;
}
