/** Command-line metamorphic transforms of a bash line's structure: option spellings and order, separators,
 * groups, `bash -c`/`sh -c`/`eval`/here-string/process-substitution/python wrapping, blanks, `~`, comments and
 * harmless prefixes. Each keeps what bash would run. */

import { programWord, scanShell, type Segment } from "./metamorphic_shell_scan.ts";
import { booleanCluster, type OptionForm, optionsOf } from "./metamorphic_shell_options.ts";
import { applyEdits, type LineTransform } from "./metamorphic_shell_words.ts";

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Edits of every segment whose program has an option table. */
function optionEdits(
  line: string,
  edit: (segment: Segment, at: number, table: OptionForm[]) => Edit[],
): Edit[] {
  const edits: Edit[] = [];
  for (const segment of scanShell(line).segments) {
    const program = programWord(segment);
    if (!program) continue;
    const at = segment.words.indexOf(program);
    const table = optionsOf(segment, at);
    if (table) edits.push(...edit(segment, at, table));
  }
  return edits;
}

/** `-d X` → `--data X` (or `--data=X`), `-rf` → `--recursive --force`. */
function toLong(joined: boolean): LineTransform {
  return (line) =>
    applyEdits(
      line,
      optionEdits(line, (segment, at, table) => {
        const edits: Edit[] = [];
        for (let index = at + 1; index < segment.words.length; index++) {
          const word = segment.words[index];
          const cluster = booleanCluster(word.text, table);
          if (cluster) edits.push({ ...word, text: cluster.map((form) => `--${form.long}`).join(" ") });
          const form = table.find((candidate) => `-${candidate.short}` === word.text && candidate.takesValue);
          const value = segment.words[index + 1];
          if (!form || !value) continue;
          edits.push(
            joined
              ? { start: word.start, end: value.end, text: `--${form.long}=${value.text}` }
              : { ...word, text: `--${form.long}` },
          );
          index++;
        }
        return edits;
      }),
    );
}

/** `--data X` / `--data=X` → `-d X`, `--force` → `-f`. */
const toShort: LineTransform = (line) =>
  applyEdits(
    line,
    optionEdits(line, (segment, at, table) =>
      segment.words.slice(at + 1).flatMap((word) => {
        const [name, ...rest] = word.text.slice(2).split("=");
        const form = word.text.startsWith("--")
          ? table.find((candidate) => candidate.long === name)
          : undefined;
        if (!form) return [];
        return [{ ...word, text: `-${form.short}${rest.length > 0 ? ` ${rest.join("=")}` : ""}` }];
      })),
  );

/** Boolean flags split, reversed and moved after the operands (GNU and curl accept options anywhere). */
const reorderOptions: LineTransform = (line) =>
  applyEdits(
    line,
    optionEdits(line, (segment, at, table) => {
      const words = segment.words.slice(at + 1);
      if (words.some((word) => word.text === "--")) return [];
      const flags = words.filter((word) => booleanCluster(word.text, table));
      if (flags.length === 0 || words.length === flags.length) return [];
      const moved = flags.flatMap((word) => [...word.text.slice(1)].map((letter) => `-${letter}`)).reverse();
      const last = segment.words[segment.words.length - 1];
      if (booleanCluster(last.text, table)) return [];
      return [
        ...flags.map((word) => ({ start: word.start, end: word.end, text: "" })),
        { start: last.end, end: last.end, text: ` ${moved.join(" ")}` },
      ];
    }),
  );

const escapeDouble = (line: string) => line.replace(/[\\"$`]/g, (char) => `\\${char}`);
const quoteSingle = (line: string) => `'${line.replace(/'/g, `'\\''`)}'`;
const hasHeredoc = (line: string) => scanShell(line).stop < line.length;

function separatorSwap(from: string, to: string): LineTransform {
  return (line) =>
    applyEdits(
      line,
      scanShell(line).separators.filter((separator) => separator.text === from)
        .map((separator) => ({ start: separator.at, end: separator.at + from.length, text: to })),
    );
}

/** `A | bash` → `bash <(A)`. */
const processSubstitution: LineTransform = (line) => {
  const scan = scanShell(line);
  const last = scan.segments[scan.segments.length - 1];
  if (!last || scan.separators.length === 0 || scan.separators.some((separator) => separator.text !== "|")) {
    return undefined;
  }
  if (!/^(bash|sh)$/.test(last.words.map((word) => word.text).join(" "))) return undefined;
  const pipe = scan.separators[scan.separators.length - 1].at;
  return `${last.words[0].text} <(${line.slice(0, pipe).trim()})`;
};

/** `$(X)` ↔ `` `X` `` for substitutions without nesting or escapes. */
const backticks: LineTransform = (line) =>
  applyEdits(
    line,
    scanShell(line).substitutions.flatMap(([start, end]) => {
      const inner = line[start] === "`" ? line.slice(start + 1, end - 1) : line.slice(start + 2, end - 1);
      if (/[()`\\]/.test(inner) || end > line.length || !line.slice(start, end).match(/[`)]$/)) return [];
      return [{ start, end, text: line[start] === "`" ? `$(${inner})` : `\`${inner}\`` }];
    }),
  );

function blanks(text: string): LineTransform {
  return (line) => applyEdits(line, scanShell(line).blanks.map((at) => ({ start: at, end: at + 1, text })));
}

function tildeTo(text: string): LineTransform {
  return (line) =>
    applyEdits(
      line,
      scanShell(line).tildes.filter((at) => /^~(\/|$|[\s;|&)])/.test(line.slice(at)))
        .map((at) => ({ start: at, end: at + 1, text })),
    );
}

/** No word that is a relative path (so a `cd` elsewhere first changes nothing it names). */
function onlyAbsolutePaths(line: string): boolean {
  return scanShell(line).segments.every((segment) =>
    segment.words.every((word) => !/^(\.|[\w.-]+\/)/.test(word.text.replace(/^['"]|^[<>]+/, "")))
  );
}

export const LINE_TRANSFORMS: Record<string, LineTransform> = {
  "long options": toLong(false),
  "--opt=value": toLong(true),
  "short options": toShort,
  "options reordered": reorderOptions,
  "; as newline": separatorSwap(";", "\n"),
  "&& as ;": separatorSwap("&&", ";"),
  "subshell ( … )": (line) => `(\n${line}\n)`,
  "brace group { …; }": (line) => `{\n${line}\n}`,
  'bash -c "…"': (line) => `bash -c "${escapeDouble(line)}"`,
  "sh -c '…'": (line) => `sh -c ${quoteSingle(line)}`,
  'eval "…"': (line) => `eval "${escapeDouble(line)}"`,
  'bash <<< "…"': (line) => `bash <<< "${escapeDouble(line)}"`,
  "bash <(…)": processSubstitution,
  "$(…) ↔ backticks": backticks,
  'python3 -c os.system("…")': (line) =>
    `python3 -c ${quoteSingle(`import os; os.system(${JSON.stringify(line)})`)}`,
  "tabs": blanks("\t"),
  "extra spaces": blanks("   "),
  "~ as $HOME": tildeTo("$HOME"),
  "~ as ${HOME}": tildeTo("${HOME}"),
  "$HOME as ~": (line) =>
    applyEdits(line, scanShell(line).homes.map(([start, end]) => ({ start, end, text: "~" }))),
  "trailing # comment": (line) =>
    hasHeredoc(line) || /\\\s*$/.test(line) ? undefined : `${line} # routine step`,
  "true; prefix": (line) => `true; ${line}`,
  "cd /tmp && prefix": (line) => onlyAbsolutePaths(line) ? `cd /tmp && ${line}` : undefined,
};
