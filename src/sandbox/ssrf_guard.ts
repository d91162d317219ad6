/** SSRF guard: refuses URLs whose host is, or resolves to, a loopback, private, link-local, metadata or
 * otherwise non-public address. IP literals are parsed in every form a URL parser or resolver accepts. */

export type HostResolver = (host: string) => Promise<string[]>;

export interface UrlCheckOptions {
  resolveHost?: HostResolver;
  /** Host names exempt from the address check (tests, or an operator's explicit allow list). */
  allowHosts?: string[];
}

export interface CheckedUrl {
  url: URL;
  /** Host name without IPv6 brackets. */
  host: string;
  /** The checked address to connect to. */
  address: string;
}

export class SsrfError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SsrfError";
  }
}

const BLOCKED_HOST_NAMES = new Set(["localhost", "metadata.google.internal", "metadata.goog", "metadata"]);

/** Parses and checks one URL (call again for every redirect hop). Throws SsrfError with the reason. */
export async function checkUrl(rawUrl: string, options: UrlCheckOptions = {}): Promise<CheckedUrl> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new SsrfError(`Invalid URL "${rawUrl}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new SsrfError(`Refused "${rawUrl}": only http and https URLs are allowed`);
  }
  if (url.username || url.password) {
    throw new SsrfError(`Refused "${rawUrl}": credentials in URLs are not allowed`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "").toLowerCase();
  const literal = parseIpAddress(host);
  if (options.allowHosts?.includes(host)) {
    const addresses = literal ? [host] : await resolveAll(host, options.resolveHost);
    return { url, host, address: addresses[0] };
  }
  const nameReason = blockedHostNameReason(host);
  if (nameReason) throw new SsrfError(`Refused "${rawUrl}": host "${host}" is ${nameReason}`);
  const addresses = literal ? [host] : await resolveAll(host, options.resolveHost);
  for (const address of addresses) {
    const reason = blockedAddressReason(address);
    if (reason) {
      const via = address === host ? "" : ` (resolves to ${address})`;
      throw new SsrfError(`Refused "${rawUrl}": host "${host}"${via} is in a blocked range: ${reason}`);
    }
  }
  return { url, host, address: addresses[0] };
}

function blockedHostNameReason(host: string): string | undefined {
  if (BLOCKED_HOST_NAMES.has(host) || host.endsWith(".localhost")) return "a local or metadata host name";
  return undefined;
}

async function resolveAll(host: string, resolveHost: HostResolver = resolveWithDns): Promise<string[]> {
  let addresses: string[];
  try {
    addresses = await resolveHost(host);
  } catch (error) {
    throw new SsrfError(
      `Cannot resolve "${host}": ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (addresses.length === 0) throw new SsrfError(`Cannot resolve "${host}": no addresses`);
  return addresses;
}

/** Resolves A and AAAA records; a missing record type is not an error as long as one exists. */
async function resolveWithDns(host: string): Promise<string[]> {
  const results = await Promise.allSettled([Deno.resolveDns(host, "A"), Deno.resolveDns(host, "AAAA")]);
  const addresses = results.flatMap((result) => result.status === "fulfilled" ? result.value : []);
  if (addresses.length === 0) {
    const failure = results.find((result) => result.status === "rejected") as
      | PromiseRejectedResult
      | undefined;
    throw failure?.reason ?? new Error("no addresses");
  }
  return addresses;
}

export interface ParsedIp {
  family: 4 | 6;
  bytes: number[];
}

/** Parses IPv4 (including the decimal, octal, hex and shortened forms inet_aton accepts) and IPv6. */
export function parseIpAddress(text: string): ParsedIp | undefined {
  const host = text.replace(/^\[|\]$/g, "");
  if (host.includes(":")) {
    const bytes = parseIpv6(host);
    return bytes ? { family: 6, bytes } : undefined;
  }
  const bytes = parseIpv4(host);
  return bytes ? { family: 4, bytes } : undefined;
}

function parseIpv4(text: string): number[] | undefined {
  const parts = text.replace(/\.$/, "").split(".");
  if (parts.length === 0 || parts.length > 4) return undefined;
  const numbers: number[] = [];
  for (const part of parts) {
    const value = parseIpv4Number(part);
    if (value === undefined) return undefined;
    numbers.push(value);
  }
  const last = numbers.pop()!;
  if (numbers.some((value) => value > 255) || last >= 256 ** (4 - numbers.length)) return undefined;
  const bytes = [...numbers];
  for (let index = 3 - numbers.length; index >= 0; index--) bytes.push(Math.floor(last / 256 ** index) % 256);
  return bytes;
}

function parseIpv4Number(part: string): number | undefined {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return parseInt(part.slice(1), 8);
  if (/^(0|[1-9][0-9]*)$/.test(part)) return Number(part);
  return undefined;
}

function parseIpv6(text: string): number[] | undefined {
  const address = text.replace(/%.*$/, "").toLowerCase();
  const halves = address.split("::");
  if (halves.length > 2) return undefined;
  const toGroups = (half: string): number[] | undefined => {
    if (half === "") return [];
    const groups: number[] = [];
    const pieces = half.split(":");
    for (let index = 0; index < pieces.length; index++) {
      const piece = pieces[index];
      if (index === pieces.length - 1 && piece.includes(".")) {
        const v4 = parseIpv4Strict(piece);
        if (!v4) return undefined;
        groups.push(v4[0] * 256 + v4[1], v4[2] * 256 + v4[3]);
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) groups.push(parseInt(piece, 16));
      else return undefined;
    }
    return groups;
  };
  const head = toGroups(halves[0]);
  const tail = halves.length === 2 ? toGroups(halves[1]) : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...new Array(missing).fill(0), ...tail];
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

function parseIpv4Strict(text: string): number[] | undefined {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9][0-9]{0,2})$/.test(part))) return undefined;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : undefined;
}

/** The name of the blocked range `address` falls in, or undefined for a public address. */
export function blockedAddressReason(address: string): string | undefined {
  const parsed = parseIpAddress(address);
  if (!parsed) return "not an IP address";
  return parsed.family === 4 ? ipv4Reason(parsed.bytes) : ipv6Reason(parsed.bytes);
}

const IPV4_RANGES: [number[], number, string][] = [
  [[169, 254, 169, 254], 32, "cloud metadata"],
  [[0, 0, 0, 0], 8, "this network (0.0.0.0/8)"],
  [[10, 0, 0, 0], 8, "private (10.0.0.0/8)"],
  [[100, 64, 0, 0], 10, "carrier-grade NAT (100.64.0.0/10)"],
  [[127, 0, 0, 0], 8, "loopback (127.0.0.0/8)"],
  [[169, 254, 0, 0], 16, "link-local (169.254.0.0/16)"],
  [[172, 16, 0, 0], 12, "private (172.16.0.0/12)"],
  [[192, 0, 0, 0], 24, "IETF protocol assignments (192.0.0.0/24)"],
  [[192, 168, 0, 0], 16, "private (192.168.0.0/16)"],
  [[198, 18, 0, 0], 15, "benchmarking (198.18.0.0/15)"],
  [[224, 0, 0, 0], 4, "multicast (224.0.0.0/4)"],
  [[240, 0, 0, 0], 4, "reserved or broadcast (240.0.0.0/4)"],
];

const IPV6_RANGES: [number[], number, string][] = [
  [[0xfd, 0x00, 0x0e, 0xc2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54], 128, "cloud metadata"],
  [[...new Array(15).fill(0), 1], 128, "loopback (::1)"],
  [new Array(16).fill(0), 128, "unspecified (::)"],
  [[0xfc], 7, "unique local (fc00::/7)"],
  [[0xfe, 0x80], 10, "link-local (fe80::/10)"],
  [[0xfe, 0xc0], 10, "site-local (fec0::/10)"],
  [[0xff], 8, "multicast (ff00::/8)"],
];

function inRange(bytes: number[], prefix: number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const mask = 0x80 >> (bit % 8);
    if ((bytes[bit >> 3] & mask) !== ((prefix[bit >> 3] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv4Reason(bytes: number[]): string | undefined {
  return IPV4_RANGES.find(([prefix, bits]) => inRange(bytes, prefix, bits))?.[2];
}

function ipv6Reason(bytes: number[]): string | undefined {
  const direct = IPV6_RANGES.find(([prefix, bits]) => inRange(bytes, prefix, bits))?.[2];
  if (direct) return direct;
  // Forms that carry an IPv4 address inside: check the embedded address too.
  const zeros = (count: number) => new Array(count).fill(0);
  const embedded = [
    [[...zeros(10), 0xff, 0xff], 96, 12], // IPv4-mapped ::ffff:a.b.c.d
    [zeros(12), 96, 12], // IPv4-compatible ::a.b.c.d (deprecated)
    [[0, 0x64, 0xff, 0x9b, ...zeros(8)], 96, 12], // NAT64 64:ff9b::/96
    [[0x20, 0x02], 16, 2], // 6to4 2002::/16
  ] as const;
  for (const [prefix, bits, offset] of embedded) {
    if (inRange(bytes, [...prefix], bits)) {
      const reason = ipv4Reason(bytes.slice(offset, offset + 4));
      if (reason) return `${reason}, embedded in IPv6`;
    }
  }
  return undefined;
}
