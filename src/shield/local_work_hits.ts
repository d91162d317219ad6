/** Rule hits on ordinary local work (round 23): a scanner pointed only at the user's own machine (`nmap -sV
 * 127.0.0.1`, `nikto -h http://localhost:8080`) is a check of one's own services, and `eval "$(ssh-agent -s)"`
 * (or `brew shellenv`, `pyenv init -`, `direnv hook bash` ...) runs the environment lines a known setup program
 * prints, not a command name computed to hide it. Any other target, argument shape or program keeps the hit. */

import type { ActionView } from "./action_view.ts";
import type { RuleHit } from "./heuristic_matcher.ts";
import type { Segment } from "./shell_parser.ts";

const SCANNERS = /^(?:nmap|masscan|nikto|nuclei|gobuster|ffuf|wfuzz|dirb|sqlmap|wpscan)$/;
/** Scanner options whose next word is their value (ports, output files, scripts, word lists, rates). */
const VALUED_OPTIONS = new Set([
  "-p",
  "--ports",
  "--top-ports",
  "--script",
  "--script-args",
  "-e",
  "-T",
  "--max-rate",
  "--min-rate",
  "--rate",
  "-w",
  "-H",
  "-t",
  "-x",
  "-mc",
  "-fc",
  "-o",
  "-oN",
  "-oX",
  "-oG",
  "-oA",
  "-oS",
  "-oJ",
  "-Format",
  "-output",
  "-Tuning",
  "-port",
  "--level",
  "--risk",
  "-h",
  "-u",
  "--url",
  "-target",
  "-host",
  "-severity",
  "-tags",
  "-rl",
  "-c",
  "-timeout",
]);
/** Options that name the target (their value must be a loopback one too). */
const TARGET_OPTIONS = new Set(["-h", "-u", "--url", "-target", "-host"]);
const LOOPBACK =
  /^(?:(?:https?|tcp):\/\/)?(?:localhost|127(?:\.\d{1,3}){3}|\[?::1\]?)(?:\/\d{1,2}|:\d{1,5})?(?:\/[^\s]*)?$/i;

/** The scanner's targets, or undefined when a word cannot be read as an option, its value or a target. */
function targetsOf(segment: Segment): string[] | undefined {
  const targets: string[] = [];
  const args = segment.argv.slice(1);
  for (let k = 0; k < args.length; k++) {
    const arg = args[k];
    if (VALUED_OPTIONS.has(arg)) {
      if (TARGET_OPTIONS.has(arg)) targets.push(args[k + 1] ?? "");
      k++;
    } else if (arg.startsWith("-")) {
      // `-iL list` reads targets from a file: not known to be loopback; `--url=X` carries a target.
      if (arg === "-iL") return undefined;
      const value = /^--?(?:url|target|host)=(.*)$/i.exec(arg)?.[1];
      if (value !== undefined) targets.push(value);
    } else targets.push(arg);
  }
  return targets;
}

function scansLoopbackOnly(view: ActionView): boolean {
  const scans = view.segments.filter((segment) => SCANNERS.test(segment.program));
  return scans.length > 0 && scans.every((segment) => {
    const targets = targetsOf(segment);
    return targets !== undefined && targets.length > 0 && targets.every((target) => LOOPBACK.test(target));
  });
}

/** Programs whose printed output is shell lines setting up the user's environment, meant for `eval`. */
const ENVIRONMENT_PRINTER =
  /^\$\(\s*(?:\S*\/)?(?:ssh-agent|brew\s+shellenv|(?:pyenv|rbenv|nodenv|goenv|jenv|plenv)\s+(?:init|virtualenv-init)|direnv\s+hook|fnm\s+env|zoxide\s+init|starship\s+init|mise\s+activate|rtx\s+activate|opam\s+env|dircolors|keychain|conda\s+shell\.\w+\s+hook|minikube\s+docker-env|(?:docker-machine|podman-machine)\s+env|register-python-argcomplete|gh\s+completion|kubectl\s+completion|helm\s+completion)(?:\s+[\w.,=:~@/+-]+)*\s*\)$/;

function evalsEnvironmentOnly(hit: RuleHit, view: ActionView): boolean {
  const computed = view.segments.map((segment) => segment.argv.join(" ")).filter((text) =>
    hit.rule.pattern.test(text)
  );
  return computed.length > 0 && computed.every((text) => ENVIRONMENT_PRINTER.test(text));
}

/** Whether the hit is on local work of this kind: dropped by `exemptHits`. */
export function localWorkHit(hit: RuleHit, view: ActionView): boolean {
  if (hit.rule.id === "recon.offensive_scanners") return scansLoopbackOnly(view);
  if (hit.rule.id === "remote_exec.computed_command_name") return evalsEnvironmentOnly(hit, view);
  return false;
}
