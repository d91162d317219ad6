/** The files a command writes, as far as its words say: deletes and overwrites (`rm`, `tee`, `sed -i`, `dd of=`,
 * PowerShell writers), copy and move targets, archive extraction folders, output options (`curl -o`, `--log-file=`)
 * and files git restores from another version. */
import type { ParseState } from "./shell_parser.ts";
import { optionsOf, optionValues, type ProgramOptions } from "./program_options.ts";

/** The words of a command line that are not options. */
function nonOptions(args: string[]): string[] {
  return args.filter((word) => !word.startsWith("-"));
}

/** Commands recordWrites knows; any other command writes nothing it can name. */
const WRITING_COMMANDS = new Set([
  ..."tee truncate shred rm rmdir unlink srm mv yq sponge cp install rsync scp ln rclone dd sed".split(" "),
  ..."remove-item ri del erase rd set-content clear-content add-content out-file copy-item move-item".split(
    " ",
  ),
  ..."tar unzip 7z bsdtar".split(" "),
]);
/** PowerShell and cmd commands that delete or overwrite their path arguments. */
const WINDOWS_WRITERS = /^(?:remove-item|ri|del|erase|rd|set-content|clear-content|add-content|out-file)$/;

/** Where an archive is extracted: `tar -x -C DIR`, `unzip -d DIR`, `7z x -oDIR` (the current folder otherwise). */
function extractionTarget(command: string, args: string[]): string | undefined {
  if (/^(?:tar|bsdtar)$/.test(command)) {
    if (!args.some((arg) => /^-?[a-zA-Z]*x/.test(arg) || arg === "--extract")) return undefined;
    const at = args.findIndex((arg) => arg === "-C" || arg === "--directory");
    const glued = args.find((arg) => arg.startsWith("--directory="));
    return at >= 0 ? args[at + 1] : glued?.slice(12);
  }
  if (command === "unzip") {
    const at = args.indexOf("-d");
    return at >= 0 ? args[at + 1] : undefined;
  }
  if (command === "7z" && args[0] === "x") return args.find((arg) => arg.startsWith("-o"))?.slice(2);
  return undefined;
}

/** Options naming a file a command writes (`curl -o FILE`, `wget -O FILE`, `--output=FILE`). */
const OUTPUT_OPTIONS =
  /^(?:-o|-O|--output|--output-document|--out|-out|--keyout|-keyout|--key-file|--log-file)$/;
const OUTPUT_COMMANDS = new Set([
  "curl",
  "wget",
  "openssl",
  // gpg -o: where `--dearmor` writes a key (an apt keyring under /etc/apt/trusted.gpg.d trusts a new source).
  "gpg",
  "gpg2",
  "ssh-keygen",
  "sort",
  "gcc",
  "cc",
  "go",
  "tar",
  "zip",
  "aria2c",
  "http",
  "httpie",
  "xh",
]);

/** Long options that name an output file for any program (`git log --output=FILE`, `--log-file FILE`). */
const LONG_OUTPUT_OPTIONS = new Set(
  [
    "output",
    "output-file",
    "output-document",
    "out-file",
    "outfile",
    "log-file",
    "logfile",
    "dump-file",
    "save-to",
  ]
    .map((name) => `--${name}`),
);

/** An option word split at its first `=` (as `split(/=(.*)/s)`): the name, and the value when glued on. */
export function splitOption(word: string): [string, string | undefined] {
  const equals = word.indexOf("=");
  return equals < 0 ? [word, undefined] : [word.slice(0, equals), word.slice(equals + 1)];
}

function recordOutputs(state: ParseState, command: string, args: string[]): void {
  const known = OUTPUT_COMMANDS.has(command);
  for (let i = 0; i < args.length; i++) {
    // Every output option starts with a dash; another program's only with two (LONG_OUTPUT_OPTIONS).
    if (args[i].charCodeAt(0) !== 0x2d || (!known && args[i].charCodeAt(1) !== 0x2d)) continue;
    const [name, glued] = splitOption(args[i]);
    const combined = (command === "curl" || command === "wget") && /^-[a-zA-Z]+[oO]$/.test(name);
    if (!(known && (OUTPUT_OPTIONS.test(name) || combined)) && !LONG_OUTPUT_OPTIONS.has(name)) continue;
    const target = glued ?? args[i + 1];
    if (target && target !== "-" && target !== "/dev/null") state.result.writeTargets.push(target);
  }
}

/** Files `git checkout REF -- PATH...` and `git restore PATH...` overwrite with another version (`args` from the verb). */
function gitRestores(args: string[]): string[] {
  const dash = args.indexOf("--");
  if (args[0] === "checkout" && dash > 0) return args.slice(dash + 1);
  if (args[0] === "restore") {
    return nonOptions(args.slice(1)).filter((arg) => !/^(?:HEAD|@)(?:[~^]\d*)*$/.test(arg));
  }
  return [];
}

const GIT_PLACE_OPTIONS = /^(?:-C|-c|--git-dir|--work-tree|--namespace)$/;
const joinedPath = (base: string, path: string) =>
  base === "" || /^[/~]/.test(path)
    ? path
    : path === "." || path === "./"
    ? base
    : `${base.replace(/\/$/, "")}/${path}`;

/** What a git line overwrites or empties, resolved against the folder it runs in (`-C DIR`, each one relative to the
 * last, or `--work-tree DIR`): restored paths, and (round 33) the folders a forced clean empties -- its pathspecs, or
 * the folder itself (`git clean -fdx ~`, `git -C "$HOME" clean -fdx`) -- and the tree a whole-tree discard overwrites
 * (`git --work-tree=/ reset --hard`, `git -C ../other checkout -- .`). In the current folder with no pathspec, a
 * clean or reset is left to the rules: the workspace is the current folder. */
function gitWrites(args: string[]): string[] {
  const at = args.findIndex((arg, index) =>
    !arg.startsWith("-") && !GIT_PLACE_OPTIONS.test(args[index - 1] ?? "")
  );
  if (at < 0) return [];
  const before = args.slice(0, at);
  const tree = optionValues(before, ["--work-tree"]).at(-1);
  const base = tree ?? optionValues(before, ["-C"]).reduce((folder, next) => joinedPath(folder, next), "");
  const rest = args.slice(at);
  const restored = gitRestores(rest).map((path) => joinedPath(base, path));
  const verb = rest[0];
  const forced = rest.some((arg) => /^-[a-zA-Z]*f|^--force$/.test(arg));
  if (verb === "clean" && forced && !rest.some((arg) => /^-[a-zA-Z]*n|^--dry-run$/.test(arg))) {
    const paths = nonOptions(rest.slice(1)).map((path) => joinedPath(base, path));
    return [...restored, ...(paths.length > 0 ? paths : base === "" ? [] : [base])];
  }
  const wholeTree = (verb === "reset" && rest.includes("--hard")) || (verb === "checkout" && forced);
  return base !== "" && wholeTree ? [...restored, base] : restored;
}

/** Files a sed script writes with its `w FILE` command or `s///w FILE` flag (the file name runs to the line's end):
 * each `w ` is kept when what stands before it starts a command or ends an address or an `s` command's flags. */
const SED_W = /[wW][ \t]+([^\n]+)/g;
const SED_FLAGS = /[gpIiMme0-9]/;
function sedWrites(script: string): string[] {
  const files: string[] = [];
  SED_W.lastIndex = 0;
  for (let match = SED_W.exec(script); match !== null; match = SED_W.exec(script)) {
    let at = match.index - 1;
    while (at >= 0 && (script[at] === " " || script[at] === "\t")) at--;
    let flags = at;
    while (flags >= 0 && SED_FLAGS.test(script[flags])) flags--;
    const before = at < 0 ? "" : script[at];
    if (at < 0 || /[;{\n0-9$/]/.test(before) || (flags < at && script[flags] === "/")) {
      const file = match[1].trim();
      if (file !== "/dev/stdout" && file !== "/dev/stderr") files.push(file);
    } else SED_W.lastIndex = match.index + 1;
  }
  return files;
}

function sedScriptWrites(args: string[]): string[] {
  // Most scripts hold no `w` at all.
  if (!args.some((arg) => arg.includes("w") || arg.includes("W"))) return [];
  const scripts = optionValues(args, ["-e", "--expression"]);
  if (scripts.length === 0) scripts.push(...nonOptions(args).slice(0, 1));
  return scripts.flatMap(sedWrites);
}

/** What a program's option table says it writes or deletes: option values (`find -fprintf FILE`) and, after a
 * deleting option (`tar --remove-files`, `zip -m`, `rsync --remove-source-files`), its operands. */
function tableWrites(row: ProgramOptions, args: string[]): string[] {
  const written = optionValues(args, row.writes);
  for (const folder of optionValues(args, row.targetDirectory)) {
    const operands = nonOptions(args).filter((arg) => arg !== folder);
    written.push(
      ...operands.map((operand) => `${folder.replace(/\/+$/, "")}/${operand.replace(/^.*\//, "")}`),
    );
  }
  const deletes = row.deletes;
  if (deletes && args.some((arg) => deletes.options.includes(arg))) {
    const operands = nonOptions(args).filter((arg) => arg !== "/dev/null");
    written.push(...(deletes.operands === "sources" ? operands.slice(0, -1) : operands));
  }
  return written;
}

/** Records the files a command writes (its targets, outputs, restored and extracted paths) on `state`. */
export function recordWrites(state: ParseState, command: string, args: string[]): void {
  recordOutputs(state, command, args);
  const row = optionsOf(command);
  if (row !== undefined && (row.writes || row.targetDirectory || row.deletes)) {
    state.result.writeTargets.push(...tableWrites(row, args));
  }
  if (command === "git") {
    state.result.writeTargets.push(...gitWrites(args));
  }
  if (command === "sed") state.result.writeTargets.push(...sedScriptWrites(args));
  if ((command === "perl" || command === "ruby") && args.some((arg) => /^-[a-z]*i/.test(arg))) {
    state.result.writeTargets.push(...nonOptions(args).slice(1));
  }
  if (!WRITING_COMMANDS.has(command)) return;
  const targets = state.result.writeTargets;
  const plain = nonOptions(args);
  const extracted = extractionTarget(command, args);
  if (extracted) targets.push(extracted);
  if (/^(?:tee|truncate|shred|rm|rmdir|unlink|srm)$/.test(command)) targets.push(...plain);
  else if (WINDOWS_WRITERS.test(command)) {
    // cmd's switches start with a slash (`del /s /q x`); Windows paths are read with forward slashes.
    targets.push(
      ...plain.filter((arg) => !/^\/[a-z]{1,2}$/i.test(arg)).map((arg) => arg.replaceAll("\\", "/")),
    );
  } else if (command === "mv" && plain.length > 1) targets.push(...plain);
  else if (
    /^(?:yq|sponge)$/.test(command) && (command === "sponge" || args.some((arg) => /^-[a-z]*i$/.test(arg)))
  ) {
    targets.push(plain[plain.length - 1]);
  } else if (
    /^(?:cp|mv|install|rsync|scp|ln|rclone|copy-item|move-item)$/.test(command) && plain.length > 1
  ) {
    targets.push(plain[plain.length - 1]);
  } else if (command === "dd") {
    for (const arg of args) if (arg.startsWith("of=")) targets.push(arg.slice(3));
  } else if (command === "sed" && args.some((arg) => /^-[a-zA-Z]*i|^--in-place/.test(arg))) {
    targets.push(...plain.slice(1));
  }
}
