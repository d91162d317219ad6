/** Editors that run what their command-line options hand them (round 33; GTFOBins vim, nvim, emacs): `vim -c
 * ':py3 ...'`, `nvim --headless +'lua ...'`, `ex -sc '!...'`, `emacs --batch --eval '(...)'`. Each option's code is judged
 * as the interpreter's code, each shell escape as a command line, as `python3 -c` and `sh -c` are. */

/** Vi-family editors (vim, nvim, view, ex, vimdiff, gvim, evim, nvi) and Emacs. */
const VI_NAMES = /^(?:n?vim?|[gr]?view|ex|vimdiff|nvimdiff|gvim|evim|nvi|vim\.(?:basic|tiny|nox|gtk3?))$/;
const EMACS_NAMES = /^(?:emacs(?:-nox|-[\d.]+)?|emacsclient)$/;

/** Ex commands that run the rest of their line as interpreter code (`:py3 ...`, `:lua ...`, `:perldo ...`). */
const EX_CODE =
  /^(?:py(?:thon)?3?|pyx|pythonx|py3do|pydo|pyxdo|lua|luado|perl|perldo|ruby|rubydo|mz(?:scheme)?|tcl|tcldo)\s+/;
/** Ex commands that hand the rest of their line to the shell (`:!...`, `:r !...`, `:w !...`, `:terminal ...`). */
const EX_SHELL = /^(?:!|(?:r(?:ead)?|w(?:rite)?|\d*,?\d*\s*w)\s*!|ter(?:minal)?\s+)/;
const VI_COMMAND_OPTIONS = new Set(["-c", "--cmd"]);
const EMACS_EVAL = /^--?(?:eval|execute)(?:=|$)/;

export interface EditorRun {
  /** What runs: `code` is judged as interpreter code, `shell` as a command line. */
  kind: "code" | "shell";
  text: string;
}

export function isEditor(command: string): boolean {
  return VI_NAMES.test(command) || EMACS_NAMES.test(command);
}

/** One Ex command line (`:py3 ...`, `silent !...`): what it runs, if anything. */
function exCommand(line: string): EditorRun | undefined {
  const command = line.replace(/^[\s:]+/, "").replace(/^(?:sil(?:ent)?!?|exe?c?u?t?e?)\s+/, "");
  const code = EX_CODE.exec(command);
  if (code) return { kind: "code", text: command.slice(code[0].length) };
  const shell = EX_SHELL.exec(command);
  if (shell) return { kind: "shell", text: command.slice(shell[0].length) };
  // `:call system('...')`, `:echo systemlist(...)`: a vimscript call judged as code (its sink strings are commands).
  if (/^(?:call|echo|let)\s/.test(command) && /\bsystem(?:list)?\s*\(/.test(command)) {
    return { kind: "code", text: command };
  }
  return undefined;
}

/** What an editor's options run: `-c CMD`, `--cmd CMD`, `+CMD` for the vi family, `--eval EXPR` for Emacs. */
export function editorRuns(command: string, args: readonly string[]): EditorRun[] {
  const runs: EditorRun[] = [];
  const emacs = EMACS_NAMES.test(command);
  for (let index = 0; index < args.length && index < 64; index++) {
    const arg = args[index];
    if (emacs) {
      if (!EMACS_EVAL.test(arg)) continue;
      const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : args[++index];
      if (value !== undefined) runs.push({ kind: "code", text: value });
      continue;
    }
    let value: string | undefined;
    if (VI_COMMAND_OPTIONS.has(arg)) value = args[++index];
    else if (arg.startsWith("+") && arg.length > 1 && !/^\+\d*$|^\+\//.test(arg)) value = arg.slice(1);
    else if (/^-[a-zA-Z]*c$/.test(arg) && arg.length > 2 && /^-[esnNXZ]+c$/.test(arg)) value = args[++index];
    const run = value === undefined ? undefined : exCommand(value);
    if (run) runs.push(run);
  }
  return runs;
}
