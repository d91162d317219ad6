/** A user-mode network for one sandboxed process (pasta, Debian package passt): the process reaches the
 * outside world but not the host's loopback, its ports or its Unix sockets. */

export interface UserNetworkOptions {
  /** The pasta binary. */
  pastaPath: string;
  /** One host loopback TCP port made reachable as 127.0.0.1:port inside (tests serving a remote locally). */
  forwardPort?: number;
  /** How long to wait for bwrap to create the namespace (default 5000 ms). */
  timeoutMs?: number;
  /** bwrap runs with `--cap-drop ALL` (default true): wait for that before attaching. */
  capabilitiesDropped?: boolean;
}

/** Starts pasta on the network namespace of the sandbox whose bwrap process is `bwrapPid`; returns a
 * function that stops it. Throws when the namespace or pasta cannot be found. */
export async function attachUserNetwork(bwrapPid: number, options: UserNetworkOptions): Promise<() => void> {
  const waitForDrop = Deno.uid() === 0 && options.capabilitiesDropped !== false;
  const target = await sandboxChild(bwrapPid, options.timeoutMs ?? 5000, waitForDrop);
  // --no-map-gw: the gateway is the real one, not the host; -t/-u/-T/-U none: no port of either side is
  // forwarded, so the host's loopback services stay out of reach.
  const args = ["-q", "-f", "--config-net", "--no-map-gw", "-t", "none", "-u", "none", "-U", "none"];
  args.push("-T", options.forwardPort ? String(options.forwardPort) : "none");
  // As root, bwrap makes no user namespace: join the network namespace alone, and stay root to open it.
  if (Deno.uid() === 0) args.push("--runas", "0", "--netns", `/proc/${target}/ns/net`);
  else args.push(String(target));
  const pasta = new Deno.Command(options.pastaPath, {
    args,
    stdin: "null",
    stdout: "null",
    stderr: "null",
    clearEnv: true,
    env: { PATH: "/usr/sbin:/usr/bin:/sbin:/bin" },
  }).spawn();
  return () => {
    try {
      pasta.kill("SIGTERM");
    } catch {
      // already gone with its namespace
    }
  };
}

/** Wraps `argv` so it starts only once the namespace has a default route (and, when forwarding, the port
 * listens inside); gives up after about ten seconds. */
export function afterNetworkReady(argv: string[], forwardPort?: number): string[] {
  const portHex = forwardPort ? forwardPort.toString(16).toUpperCase().padStart(4, "0") : "";
  return ["/bin/sh", "-c", WAIT_SCRIPT, "wait-for-network", portHex, ...argv];
}

const WAIT_SCRIPT = `port="$1"; shift
routed() { while read -r _ dest _; do [ "$dest" = 00000000 ] && return 0; done < /proc/net/route; return 1; }
listening() {
  [ -z "$port" ] && return 0
  while read -r _ local _ state _; do [ "$local" = "0100007F:$port" ] && [ "$state" = 0A ] && return 0; done < /proc/net/tcp
  return 1
}
tries=0
until routed && listening; do
  tries=$((tries + 1))
  if [ "$tries" -gt 200 ]; then echo "The sandbox network was not set up in time" >&2; exit 1; fi
  sleep 0.05
done
exec "$@"`;

/** bwrap forks the process that lives in the new namespaces: find it once it has dropped its capabilities.
 * Before that pasta, which keeps fewer capabilities than that process still has, may not open its namespace. */
async function sandboxChild(bwrapPid: number, timeoutMs: number, waitForDrop: boolean): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const children = (await readProcFile(`/proc/${bwrapPid}/task/${bwrapPid}/children`)).trim();
      const child = children ? Number(children.split(/\s+/)[0]) : undefined;
      if (child && (!waitForDrop || await capabilitiesDropped(child))) return child;
    } catch (error) {
      throw new Error(`Cannot attach a network to sandbox process ${bwrapPid}: ${(error as Error).message}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Cannot attach a network to sandbox process ${bwrapPid}: its namespace never appeared`);
}

async function capabilitiesDropped(pid: number): Promise<boolean> {
  const status = await readProcFile(`/proc/${pid}/status`).catch(() => "");
  return /^CapPrm:\s*0+$/m.test(status);
}

/** Deno's permissions demand --allow-all for another process's /proc files; the engine may run programs. */
async function readProcFile(file: string): Promise<string> {
  const output = await new Deno.Command("/bin/cat", { args: [file], stdout: "piped", stderr: "piped" })
    .output();
  if (!output.success) {
    throw new Error(new TextDecoder().decode(output.stderr).trim() || `cannot read ${file}`);
  }
  return new TextDecoder().decode(output.stdout);
}
