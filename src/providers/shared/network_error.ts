/** Says why a fetch failed: Deno's TypeError reads only "fetch failed", the address and the reason are in its
 * cause ("error sending request for url (URL): client error (Connect): tcp connect error: ..."). */

export function describeNetworkError(error: unknown): string {
  const outer = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : "";
  if (!cause) return outer;
  const url = cause.match(/for url \(([^)]+)\)/)?.[1];
  // The last "kind: reason" pair is the one a person can act on (refused, DNS, TLS, timeout).
  const reason = cause.replace(/^error sending request for url \([^)]+\):\s*/, "")
    .replace(/^client error \(\w+\):\s*/, "");
  return url ? `cannot reach ${url}: ${reason}` : reason;
}
