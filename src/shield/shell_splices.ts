/** Words a shell line splices with expansions of variables it never sets (round 80): `c${u}u${u}r${u}l` is `curl`
 * to bash, as an unset variable expands to nothing. Kept apart from the lexer that asks it (`shell_lexer.ts`). */

/** Variables every shell or session sets: never read as empty. */
const SET_VARIABLES = new Set([
  "HOME",
  "PATH",
  "PWD",
  "OLDPWD",
  "USER",
  "LOGNAME",
  "SHELL",
  "TERM",
  "LANG",
  "HOSTNAME",
  "TMPDIR",
  "UID",
  "EUID",
  "PPID",
  "RANDOM",
  "SECONDS",
  "LINENO",
  "BASH",
  "BASH_VERSION",
  "HOSTTYPE",
  "OSTYPE",
  "MACHTYPE",
  "IFS",
  "PS1",
  "PS2",
  "PS4",
  "SHLVL",
  "BASHPID",
  "EPOCHSECONDS",
  "EPOCHREALTIME",
  "SRANDOM",
  "GROUPS",
  "DISPLAY",
]);
/** What may follow a spliced expansion inside the same word: a letter or digit, a quote, an escape, another `$`. */
const WORD_GOES_ON = /^[A-Za-z0-9'"\\$`]/;

/** Round 80: a variable the line never assigns, spliced between letters of one word (`c${u}u${u}r${u}l`,
 * `b$u"a"sh`, `cu${x}rl`): bash expands an unset variable to nothing, so the word is the program it spells. Only a
 * bare name (no operator: `${CC:-gcc}` keeps its default reading) glued on both sides, never a variable every shell
 * sets (`${HOME}`, `$USER`), and never a whole word or a word's head (`$PYTHON -m pip`, `${HOME}/bin/tool`):
 * a variable that is the program or a path's start is a value the line does not show, not a splice. */
export function splicedEmpty(
  name: string,
  variables: ReadonlyMap<string, string>,
  before: string,
  text: string,
  after: number,
): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !variables.has(name) && !SET_VARIABLES.has(name) &&
    /[A-Za-z0-9]$/.test(before) && WORD_GOES_ON.test(text.slice(after, after + 1));
}
