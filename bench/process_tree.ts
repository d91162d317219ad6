/** Memory and CPU time of processes from /proc: a process tree's members, their RSS and PSS (shared pages split
 * between the processes that map them), and a process's CPU seconds (user + system, all threads). */

export interface ProcessMemory {
  pid: number;
  command: string;
  rssMb: number;
  /** Proportional set size: each shared page counted once across the processes mapping it. */
  pssMb: number;
}

/** Clock ticks per second of /proc/<pid>/stat times (100 on every Linux this runs on). */
const CLOCK_TICKS = 100;

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | undefined {
  try {
    const text = Deno.readTextFileSync(`/proc/${pid}/stat`);
    return text.slice(text.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** User + system CPU seconds the process has used so far, or NaN when it is gone. */
export function cpuSeconds(pid: number): number {
  const fields = statFields(pid);
  if (!fields) return NaN;
  // After the name: state(0) ppid(1) … utime(11) stime(12).
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** `pid` and every process below it. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of Deno.readDirSync("/proc")) {
    const child = Number(entry.name);
    if (!Number.isInteger(child)) continue;
    const parent = Number(statFields(child)?.[1]);
    if (!Number.isInteger(parent)) continue;
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const tree: number[] = [];
  const visit = (at: number) => {
    tree.push(at);
    for (const child of children.get(at) ?? []) visit(child);
  };
  visit(pid);
  return tree;
}

/** RSS and PSS of one process in MB (from smaps_rollup), or undefined when it is gone. */
export function processMemory(pid: number): ProcessMemory | undefined {
  try {
    const rollup = Deno.readTextFileSync(`/proc/${pid}/smaps_rollup`);
    const field = (name: string) =>
      Number(rollup.match(new RegExp(`^${name}:\\s+(\\d+) kB`, "m"))?.[1] ?? NaN);
    const command = Deno.readTextFileSync(`/proc/${pid}/cmdline`).split("\0").filter(Boolean);
    return {
      pid,
      command: command.slice(0, 4).map((part) => part.slice(part.lastIndexOf("/") + 1)).join(" "),
      rssMb: field("Rss") / 1024,
      pssMb: field("Pss") / 1024,
    };
  } catch {
    return undefined;
  }
}

/** What a group of processes holds: its members and the sums of their RSS and PSS. */
export interface GroupMemory {
  processes: ProcessMemory[];
  rssMb: number;
  pssMb: number;
}

function group(processes: ProcessMemory[]): GroupMemory {
  return {
    processes,
    rssMb: processes.reduce((sum, entry) => sum + entry.rssMb, 0),
    pssMb: processes.reduce((sum, entry) => sum + entry.pssMb, 0),
  };
}

/** The running system as issue 17 defines it, the supervisor, the engine and their children, apart from the
 * launcher above it: deno's task runner under `deno task start`, which waits for the supervisor and is none of
 * Parapet's processes (`deno run -A main.ts start` and the compiled binary run without one). `tree` is the
 * launcher's tree, parents before children, as treeMemory gives it. */
export function systemMemory(tree: ProcessMemory[]): {
  launcher: ProcessMemory;
  system: GroupMemory;
  withLauncher: GroupMemory;
} {
  const [launcher, ...system] = tree;
  if (!launcher) throw new Error("no launcher process: the task runner has exited");
  return { launcher, system: group(system), withLauncher: group(tree) };
}

/** Every process of the tree under `pid` with its memory, and the sums. */
export function treeMemory(pid: number): GroupMemory {
  return group(processTree(pid).map(processMemory).filter((entry) => entry !== undefined));
}
