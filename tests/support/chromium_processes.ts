/** Finds Chromium processes by a string on their command line (a profile folder) through /proc, and sums their
 * resident memory: how the tests see that a browser stopped, and how the bench measures one. */

interface ProcessEntry {
  pid: number;
  parent: number;
  commandLine: string;
}

/** Every live process (zombies left out). */
function listProcesses(): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    const pid = Number(entry.name);
    try {
      const commandLine = Deno.readTextFileSync(`/proc/${pid}/cmdline`).replaceAll("\0", " ");
      const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
      // The command name in stat may hold spaces and parentheses: the fields after the last ")" are fixed.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (fields[0] === "Z") continue;
      entries.push({ pid, parent: Number(fields[1]), commandLine });
    } catch {
      // the process ended while we looked
    }
  }
  return entries;
}

/** Pids of processes whose command line contains `marker`, and every descendant of those. */
export function processesMatching(marker: string): number[] {
  const processes = listProcesses();
  const roots = processes.filter((entry) => entry.commandLine.includes(marker)).map((entry) => entry.pid);
  return withDescendants(roots, processes);
}

/** Pids of every descendant of `pid` whose command line contains `marker` (e.g. "chromium"), with theirs. */
export function descendantsMatching(pid: number, marker: string): number[] {
  const processes = listProcesses();
  const below = withDescendants([pid], processes).filter((found) => found !== pid);
  const roots = processes.filter((entry) => below.includes(entry.pid) && entry.commandLine.includes(marker));
  return withDescendants(roots.map((entry) => entry.pid), processes);
}

/** Pids among `pids` that are still alive (not zombies). */
export function alive(pids: number[]): number[] {
  const live = new Set(listProcesses().map((entry) => entry.pid));
  return pids.filter((pid) => live.has(pid));
}

function withDescendants(roots: number[], processes: ProcessEntry[]): number[] {
  const parents = new Map(processes.map((entry) => [entry.pid, entry.parent]));
  const found = new Set(roots);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (!found.has(pid) && found.has(parent)) {
        found.add(pid);
        grew = true;
      }
    }
  }
  return [...found].sort((a, b) => a - b);
}

/** Proportional resident memory of the processes, in bytes: each shared page divided among the processes
 * sharing it (PSS), so the sum over a process tree counts shared libraries and memory once. */
export function residentBytes(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const rollup = Deno.readTextFileSync(`/proc/${pid}/smaps_rollup`);
      total += Number(rollup.match(/^Pss:\s+(\d+) kB/m)?.[1] ?? 0) * 1024;
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

/** Waits until no process matches `marker` (polling), up to `timeoutMs`; returns what is still left. */
export async function waitForNoProcesses(marker: string, timeoutMs = 15_000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  let left = processesMatching(marker);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = processesMatching(marker);
  }
  return left;
}
