/** Which connections the browser may open: the SSRF guard's rules (no loopback, private, link-local or metadata
 * address), never this machine's own addresses, never the engine's port; allowed hosts only by explicit list. */
import { checkUrl, type HostResolver, parseIpAddress, SsrfError } from "../../sandbox/ssrf_guard.ts";
import type { ConnectionDecider } from "./socks_proxy.ts";

export interface EgressRuleOptions {
  /** Host names exempt from the address checks (tests, or an operator's explicit list), reached by name. */
  allowHosts?: string[];
  /** Host name -> addresses (default: DNS A and AAAA records). */
  resolveHost?: HostResolver;
  /** The engine's own listening ports: refused on allowed hosts and local addresses alike. */
  enginePorts?: () => number[];
  /** This machine's addresses (default: every network interface's). */
  localAddresses?: () => string[];
}

export function createEgressRules(options: EgressRuleOptions = {}): ConnectionDecider {
  const allowHosts = new Set((options.allowHosts ?? []).map(normaliseHost));
  const localAddresses = options.localAddresses ?? interfaceAddresses;
  return async (rawHost, port) => {
    const host = normaliseHost(rawHost);
    const target = formatTarget(host, port);
    const enginePort = (options.enginePorts?.() ?? []).includes(port);
    if (allowHosts.has(host)) {
      if (enginePort) throw new SsrfError(`Refused ${target}: the engine's own port`);
      return { hostname: host, port };
    }
    let address: string;
    try {
      address = (await checkUrl(`http://${host.includes(":") ? `[${host}]` : host}:${port}/`, {
        resolveHost: options.resolveHost,
      })).address;
    } catch (error) {
      const reason = error instanceof Error ? error.message.replace(/^Refused "[^"]*": /, "") : String(error);
      throw new SsrfError(`Refused ${target}: ${reason}`);
    }
    const local = localAddresses().map(normaliseAddress);
    if (local.includes(normaliseAddress(address))) {
      throw new SsrfError(`Refused ${target}: "${address}" is an address of this machine`);
    }
    return { hostname: address, port };
  };
}

function formatTarget(host: string, port: number): string {
  return `"${host.includes(":") ? `[${host}]` : host}:${port}"`;
}

function normaliseHost(host: string): string {
  return host.replace(/^\[|\]$/g, "").replace(/\.$/, "").toLowerCase();
}

/** Compares addresses by value, so "::ffff:7f00:1" and other spellings of one address match. */
function normaliseAddress(address: string): string {
  const parsed = parseIpAddress(address);
  return parsed ? parsed.bytes.join(".") : address;
}

function interfaceAddresses(): string[] {
  try {
    return Deno.networkInterfaces().map((entry) => entry.address);
  } catch {
    return [];
  }
}
