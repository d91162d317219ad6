/** What per-file runners run (round 22): `fd ... -x|-X CMD`, `parallel CMD ::: ARGS` and `find ... -exec CMD {} +` run
 * CMD once per file found or argument given. The parse judges CMD with the files put where the runner puts them:
 * `parallel`'s arguments in place of `{}` (or after CMD); for `find` and `fd`, when nothing narrows what they
 * find (no name, extension, size or age test; only negated ones, types and depths) and CMD deletes, the folders
 * searched (`fd -t f . ~ -x rm` deletes the home's files as `rm ~` would), else the placeholder `FILE`. Sources:
 * fd(1) `-x`/`-X`; GNU parallel(1) `:::`; find(1) `-exec`; GTFOBins; Trail of Bits on argument injection (`fd -x`). */

/** Programs that destroy the files they are given. */
const DELETERS = new Set(["rm", "shred", "unlink", "rmdir", "srm", "wipe", "truncate"]);
/** find tests that narrow what is found (negated ones widen it: `! -name .git`). */
const FIND_FILTERS =
  /^-(?:i?name|i?path|i?wholename|i?regex|newer\w*|[acm](?:time|min)|size|empty|user|group|perm|inum|samefile|links|uid|gid)$/;
/** fd options that narrow what it finds, and (with them) every fd option taking a value as the next word. */
const FD_FILTERS = new Set(
  "-e --extension -S --size --changed-within --changed-before -o --owner".split(" "),
);
const FD_VALUED = new Set([
  ...FD_FILTERS,
  ..."-t --type -d --max-depth --min-depth --exact-depth -E --exclude -j --threads --base-directory".split(
    " ",
  ),
  ..."--search-path --path-separator -c --color --max-results --ignore-file --format --batch-size".split(" "),
]);
const MATCH_ALL = new Set([".", "^", "", ".*", "^.*$"]);
const PARALLEL_VALUED =
  /^(?:-[jSdaNnLI]|--(?:jobs|sshlogin|halt|delay|timeout|joblog|arg-file|colsep|delimiter|tmpdir|results|max-args|max-lines|retries|memfree|load|replace|env|workdir|wd|tagstring))$/;
const PARALLEL_SEPARATOR = /^:{3,4}\+?$/;

/** The inner command with `{}` (and fd's `{/}`, `{.}` ...) replaced by `files`, or `files` appended when it has none. */
function placed(command: readonly string[], files: readonly string[]): string[] {
  if (!command.some((word) => word.includes("{"))) return [...command, ...files];
  return command.flatMap((word) =>
    /^\{[/.]*\}$/.test(word) ? [...files] : [word.replace(/\{[/.]*\}/g, files[0] ?? "FILE")]
  );
}

/** What `find ARGS` runs for its `-exec`/`-ok` command at `start`...`end`: the roots when unfiltered and deleting. */
export function findExecCommand(args: readonly string[], start: number, end: number): string[] {
  const command = args.slice(start, end);
  if (!command.some((word) => word.includes("{}"))) return command;
  const firstTest = args.findIndex((word) => /^[-!(]/.test(word));
  const roots = args.slice(0, firstTest < 0 ? 0 : firstTest);
  const narrowed = args.some((word, index) =>
    index < start && FIND_FILTERS.test(word) && args[index - 1] !== "!" && args[index - 1] !== "-not"
  );
  const files = !narrowed && DELETERS.has(command[0] ?? "") ? (roots.length > 0 ? roots : ["."]) : ["FILE"];
  return placed(command, files);
}

function fdCommand(args: readonly string[]): string[] | undefined {
  const exec = args.findIndex((word) => /^(?:-x|--exec|-X|--exec-batch)$/.test(word));
  if (exec < 0) return undefined;
  let end = args.indexOf(";", exec + 1);
  if (end < 0) end = args.length;
  const command = args.slice(exec + 1, end);
  if (command.length === 0) return undefined;
  const positional: string[] = [];
  let narrowed = false;
  for (let index = 0; index < exec; index++) {
    const word = args[index];
    if (FD_VALUED.has(word)) {
      narrowed ||= FD_FILTERS.has(word);
      if (word === "--search-path") positional.push("", args[index + 1] ?? ".");
      index++;
    } else if (word === "-g" || word === "--glob") continue;
    else if (!word.startsWith("-")) positional.push(word);
  }
  narrowed ||= positional.length > 0 && !MATCH_ALL.has(positional[0]);
  const paths = positional.slice(1).filter(Boolean);
  const files = !narrowed && DELETERS.has(command[0]) ? (paths.length > 0 ? paths : ["."]) : ["FILE"];
  return placed(command, files);
}

function parallelCommand(args: readonly string[]): string[] | undefined {
  const separator = args.findIndex((word) => PARALLEL_SEPARATOR.test(word));
  if (separator < 0) return undefined;
  let start = 0;
  while (start < separator && args[start].startsWith("-")) start += PARALLEL_VALUED.test(args[start]) ? 2 : 1;
  const command = args.slice(start, separator);
  if (command.length === 0) return undefined;
  const inputs = args[separator].startsWith("::::")
    ? ["FILE"]
    : args.slice(separator + 1).filter((word) => !PARALLEL_SEPARATOR.test(word)).slice(0, 64);
  // One command line holding every input: each input is judged as the command would receive it.
  return placed(command.length === 1 && /\s/.test(command[0]) ? command[0].split(/\s+/) : command, inputs);
}

/** Whether `command` is a per-file runner whose command fileRunnerCommand finds. */
export const runsPerFile = (command: string): boolean =>
  command === "fd" || command === "fdfind" || command === "parallel";

/** The command a per-file runner (`fd`, `fdfind`, `parallel`) runs, with the files placed, or undefined. */
export function fileRunnerCommand(command: string, args: readonly string[]): string[] | undefined {
  return command === "parallel" ? parallelCommand(args) : fdCommand(args);
}
