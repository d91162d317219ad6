/** The push target of a remote, resolved by the engine from the repository config (never by the model or by
 * git): one https URL, no credentials, a host the SSRF guard accepts, pinned to the address it checked. */
import { checkUrl, type HostResolver, SsrfError } from "../sandbox/ssrf_guard.ts";
import type { ConfigEntry } from "./git_config.ts";
import type { PushPlan } from "./git_runner.ts";
import { ToolError } from "../lib/errors.ts";

export interface RemoteCheckOptions {
  /** Hosts exempt from the SSRF range check, and then also reachable over plain http (tests only). */
  allowHosts?: string[];
  resolveHost?: HostResolver;
}

/** The URL git would push `remote` to: its pushurl when set, else its url; several or none is refused. */
export function pushUrlOf(entries: ConfigEntry[], remote: string): string {
  const pushUrls = entries.filter((entry) => entry.key === `remote.${remote}.pushurl`);
  const urls = pushUrls.length ? pushUrls : entries.filter((entry) => entry.key === `remote.${remote}.url`);
  if (urls.length === 0) {
    const names = [...new Set(entries.map((entry) => /^remote\.(.+)\.(push)?url$/.exec(entry.key)?.[1]))]
      .filter(Boolean);
    throw new ToolError(
      `Cannot push: unknown remote "${remote}" (configured: ${names.join(", ") || "none"})`,
    );
  }
  if (urls.length > 1) throw new ToolError(`Cannot push: remote "${remote}" has several push URLs`);
  return urls[0].value;
}

/** Checks `url` now and returns the plan to push to it; throws ToolError naming what is refused. */
export async function planPush(remote: string, url: string, options: RemoteCheckOptions): Promise<PushPlan> {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  const host = parsed?.hostname.replace(/^\[|\]$/g, "").toLowerCase() ?? "";
  const plainHttpAllowed = parsed?.protocol === "http:" && (options.allowHosts ?? []).includes(host);
  if (!parsed || (parsed.protocol !== "https:" && !plainHttpAllowed)) {
    throw new ToolError(
      `Cannot push to "${url}": only https remotes are allowed (no local paths, file://, ssh or transport helpers)`,
    );
  }
  try {
    const checked = await checkUrl(url, { allowHosts: options.allowHosts, resolveHost: options.resolveHost });
    const port = Number(parsed.port || (parsed.protocol === "https:" ? 443 : 80));
    const address = checked.address.includes(":") ? `[${checked.address}]` : checked.address;
    const loopback = /^127\.|^\[::1\]$/.test(address);
    return {
      remote,
      url,
      pin: `${checked.host}:${port}:${address}`,
      ...(loopback ? { forwardPort: port } : {}),
    };
  } catch (error) {
    if (error instanceof SsrfError) throw new ToolError(`Cannot push: ${error.message}`);
    throw error;
  }
}
