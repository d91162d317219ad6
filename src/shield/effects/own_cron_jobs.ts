/** A user's own job added to their crontab (round 51): `(crontab -l; echo '0 3 * * * /home/emma/bin/backup.sh') |
 * crontab -` schedules a script of theirs, in their home, at a time of day. The crontab rule asked a human for every
 * such line; persistence is a real class, so only this shape passes: the entry runs one plain script under a home
 * folder (no hidden folder, no temporary one) with plain words and at most its output logged, on a time schedule
 * (not `@reboot`), and the line does nothing but list the crontab, print the entries and install them. An entry that
 * fetches, decodes, pipes, calls out or runs from `/tmp`, a program outside the home (`/usr/bin/python3 -c ...`,
 * `pkill`), a `@reboot` entry or a crontab written from a file keeps asking (crontab(5); MITRE ATT&CK T1053.003).
 * Round 84: an entry may also run a known local backup or upkeep program in its scheduled form (h19
 * benign_sysadmin-014 `30 2 * * * restic -r /mnt/backup/restic backup /home/ana --quiet`): `restic` and `borg`
 * backing up, pruning or checking into a repository that is a local path, `borgmatic`, `rsnapshot`, `logrotate`,
 * `certbot renew`, with plain words only; no hook or command option (`--password-command`, `--deploy-hook`,
 * `--post-hook`: a program the job would run), no remote repository (`sftp:`, `s3:`, `rest:`, `host::`, `ssh://`).
 * Round 98: a database's own dump program writing a local file (`15 4 * * * pg_dump -U app appdb | gzip >
 * /var/backups/appdb-$(date +\%F).sql.gz`; `pg_dump`, `pg_dumpall`, `mysqldump`, `mariadb-dump`, `mongodump`),
 * optionally through one compressor and with a `date` stamp in the file's name, and a shell script installed for
 * the machine (`/usr/local/bin/borg-nightly.sh`, `/usr/local/sbin/`, `/opt/NAME/bin/`: root-owned places, a `.sh`
 * file, not any binary there) read as a home script is; a scheduling tool's own `{schedule, command}` fields
 * (`cron_create {expr: "@daily", command: ...}`) are read as one such crontab line, and a project's own task
 * (`npm run backup:db -- --out ./backups`, `make backup`) is one more plain job there. A dump piped anywhere but a
 * compressor (`| curl -T -`, `| nc`), a redirect to `/tmp`, a binary in `/usr/local/bin` given an address, or a
 * tool with a prompt or an agent keeps asking (T1053.003). */

import type { Segment } from "../shell_parser.ts";

/** Programs such a line may hold besides `crontab`: printing the entries and filtering the old table. */
const LINE_PROGRAMS = new Set(["echo", "printf", "cat", "grep", "sort", "uniq", "true"]);
/** A time schedule: five fields of numbers, steps, ranges, lists and names, or a named period (not `@reboot`). */
const SCHEDULE =
  /^(?:@(?:hourly|daily|weekly|monthly|yearly|annually|midnight)|(?:[\d*][\d*/,-]*|[a-z]{3}(?:-[a-z]{3})?)(?:\s+(?:[\d*][\d*/,-]*|[a-z]{3}(?:[-,][a-z]{3})*)){4})\s+/i;
/** A script under a user's home: `/home/NAME/`, `/Users/NAME/`, `~/`, `$HOME/`; no folder or file starting with a
 * dot (`~/.cache/.x`), no `..`. */
const HOME_SCRIPT =
  /^(?:\/home\/[\w.-]+|\/Users\/[\w.-]+|~|\$HOME|\$\{HOME\})(?:\/(?!\.)[\w@+,-][\w.@+,-]*)+$/;
/** Round 98: a shell script installed for the machine, in root-owned places. */
const MACHINE_SCRIPT =
  /^(?:\/usr\/local\/s?bin|\/opt\/[\w-]+\/(?:s?bin|scripts))\/(?!\.)[\w@+,-][\w.@+,-]*\.(?:sh|bash)$/;
/** Round 98: databases' dump programs, which read a database and write its copy. */
const DUMPS = new Set(["pg_dump", "pg_dumpall", "mysqldump", "mariadb-dump", "mongodump"]);
const COMPRESSORS = /^(?:gzip|pigz|zstd|xz|bzip2|lz4)$/;
/** A `date` stamp in a file name, as crontab(5) needs its `%` escaped or not. */
const DATE_STAMP = /\$\(date \+(?:[\w.:-]|\\?%[a-zA-Z])+\)/g;
/** Round 98: a project's own task runner with a task name (`npm run backup:db`, `make backup`). */
const TASK_RUNNERS = /^(?:npm|pnpm|yarn|bun)$/;
/** Plain arguments: words without shell syntax, quoting or variables. */
const PLAIN_ARGUMENT = /^~?[\w./%+,=:-]+$/;
/** An address an argument may name: an IP, `host:port`, a URL. */
const ADDRESS = /\d{1,3}(?:\.\d{1,3}){3}|[a-z0-9-]\.[a-z]{2,}:\d|\/\//i;
/** Its output logged: `>> FILE`, `> FILE`, `2>&1`, `2> FILE`, `>/dev/null`. */
const LOG_REDIRECT = /^(?:[12]?>>?\s*(?:&[12]|\S+))$/;

/** Local backup and upkeep programs with the subcommands a schedule runs (none listed: any plain words). */
const UPKEEP: ReadonlyMap<string, RegExp | undefined> = new Map([
  ["restic", /^(?:backup|forget|prune|check)$/],
  ["borg", /^(?:create|prune|compact|check)$/],
  ["borgmatic", undefined],
  ["rsnapshot", /^(?:alpha|beta|gamma|delta|hourly|daily|weekly|monthly|sync)$/],
  ["logrotate", undefined],
  ["certbot", /^renew$/],
]);
/** An upkeep program's argument: a plain word, a local path, borg's `::{now}` archive name. */
const UPKEEP_ARGUMENT = /^~?[\w./%+,=-]+(?:::[\w{}.:-]*)?$/;
/** Options that run another program, and remote repositories. */
const UPKEEP_RUNS = /hook|command|exec|^--?rsh|^-e$|sftp:|s3:|rest:|rclone:|b2:|azure:|gs:|swift:|ssh:|@/i;

/** Whether one crontab line runs a known backup or upkeep program of this machine, locally (round 84). */
function upkeepJob(words: readonly string[]): boolean {
  const program = (words[0] ?? "").replace(/^\/(?:usr\/)?(?:local\/)?s?bin\//, "");
  if (!UPKEEP.has(program)) return false;
  const subcommands = UPKEEP.get(program);
  const plain = words.slice(1).filter((word) => !word.startsWith("-"));
  if (subcommands && !plain.some((word) => subcommands.test(word))) return false;
  return words.slice(1).every((word) =>
    LOG_REDIRECT.test(word)
      ? !word.includes("/tmp/")
      : UPKEEP_ARGUMENT.test(word) && !UPKEEP_RUNS.test(word) && !ADDRESS.test(word)
  );
}

/** Whether one crontab command dumps a database into a local file, through at most one compressor (round 98). */
function dumpJob(words: readonly string[]): boolean {
  const pipe = words.indexOf("|");
  const dump = pipe < 0 ? words : words.slice(0, pipe);
  const rest = pipe < 0 ? [] : words.slice(pipe + 1);
  if (!DUMPS.has((dump[0] ?? "").replace(/^\/(?:usr\/)?(?:local\/)?s?bin\//, ""))) return false;
  if (rest.length > 0 && (!COMPRESSORS.test(rest[0]) || rest.includes("|"))) return false;
  const plain = (word: string) =>
    LOG_REDIRECT.test(word)
      ? !/\/(?:tmp|temp|dev\/tcp|dev\/udp)\//i.test(word)
      : UPKEEP_ARGUMENT.test(word) && !UPKEEP_RUNS.test(word) && !ADDRESS.test(word);
  return dump.slice(1).every(plain) && rest.slice(1).every((word) => /^-\w+$/.test(word) || plain(word));
}

/** Whether one crontab command runs a project's task by name (round 98). */
function taskJob(words: readonly string[]): boolean {
  const runner = words[0] ?? "";
  const named = TASK_RUNNERS.test(runner) ? words[1] === "run" && /^[\w:.-]+$/.test(words[2] ?? "") : false;
  const made = runner === "make" && /^[\w.-]+$/.test(words[1] ?? "");
  if (!named && !made) return false;
  return words.slice(named ? 3 : 2).every((word) => PLAIN_ARGUMENT.test(word) && !ADDRESS.test(word));
}

/** Whether one crontab line runs a home script of the user's on a time schedule. */
function ownJob(entry: string): boolean {
  const schedule = SCHEDULE.exec(entry);
  if (!schedule) return false;
  const words = entry.slice(schedule[0].length).trim().replace(DATE_STAMP, "DATE").replace(
    /(\d?>>?)\s+/g,
    "$1",
  )
    .split(/\s+/);
  if (upkeepJob(words) || dumpJob(words) || taskJob(words)) return true;
  const script = HOME_SCRIPT.test(words[0] ?? "") || MACHINE_SCRIPT.test(words[0] ?? "");
  if (!script || words[0].includes("..") || /\/(?:tmp|temp)\//i.test(words[0])) {
    return false;
  }
  return words.slice(1).every((word) =>
    LOG_REDIRECT.test(word) ? !word.includes("/tmp/") : PLAIN_ARGUMENT.test(word) && !ADDRESS.test(word)
  );
}

/** Whether a line holding crontab installs only adds such jobs: `crontab -` fed by a pipe, every other segment a
 * `crontab -l` or a printer or filter, every printed line an own job (comments and blank lines aside). */
export function addsOwnCronJobsOnly(segments: readonly Segment[]): boolean {
  let installs = 0;
  let entries = 0;
  for (const segment of segments) {
    const argv = segment.argv;
    if (segment.program === "crontab") {
      if (argv.length === 2 && argv[1] === "-" && segment.joinedBy === "|") installs++;
      else if (!(argv.length === 2 && /^(?:-l|--list)$/.test(argv[1]))) return false;
      continue;
    }
    if (!LINE_PROGRAMS.has(segment.program) || segment.privileged) return false;
    if (segment.redirects.some((redirect) => redirect.target !== "/dev/null")) return false;
    if (segment.program !== "echo" && segment.program !== "printf") continue;
    const printed = argv.slice(1).filter((word) => !/^-[neE]+$/.test(word)).join(" ").split(/\\n|\n/);
    for (
      const line of printed.map((text) => text.trim()).filter((text) => text !== "" && !text.startsWith("#"))
    ) {
      if (!ownJob(line)) return false;
      entries++;
    }
  }
  return installs > 0 && entries > 0;
}

/** A scheduling tool's fields (round 98): the schedule under one of these keys, the command under another, nothing
 * else that acts (no prompt, agent, URL or target). */
const SCHEDULE_KEYS = /^(?:schedule|expr|expression|cron|cron_?expression|cronExpression|when)$/;
const COMMAND_KEYS = /^(?:command|cmd|script|shell_?command|command_?line)$/i;
const QUIET_KEYS =
  /^(?:name|title|label|description|id|enabled|timezone|tz|recurring|durable|comment|log|log_?file|user|request_?id|locale|priority|metadata)$/i;

/** Whether a scheduling tool's call only schedules one own job, as a crontab line would (round 98). */
export function schedulesOwnJobOnly(payload: Record<string, unknown>): boolean {
  let schedule: string | undefined;
  let command: string | undefined;
  for (const [key, value] of Object.entries(payload)) {
    if (SCHEDULE_KEYS.test(key) && typeof value === "string") schedule = value.trim();
    else if (COMMAND_KEYS.test(key) && typeof value === "string") command = value.trim();
    else if (!QUIET_KEYS.test(key) || (typeof value === "string" && /[|;&`$<>]|:\/\//.test(value))) {
      return false;
    }
  }
  if (schedule === undefined || command === undefined || command.includes("\n") || command.length > 300) {
    return false;
  }
  return ownJob(`${schedule} ${command}`);
}
