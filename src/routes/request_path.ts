/** The one path a request is judged and routed on: percent-decoded once, with every ambiguous form refused,
 * so the guard can never decide on a different path than the router matches. */

/** Path of a request URL, decoded; undefined when the path is ambiguous (see `decodeAmbiguous`). */
export function routePath(url: string): string | undefined {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  let end = start;
  let plain = true;
  for (; end < url.length; end++) {
    const code = url.charCodeAt(end);
    if (code === 63 /* ? */ || code === 35 /* # */) break;
    // % escapes, backslashes, "//" and "/." (dot segments) need the slow path; everything else is final as is.
    if (code === 37 || code === 92) plain = false;
    else if (code === 47 && end + 1 < url.length) {
      const next = url.charCodeAt(end + 1);
      if (next === 47 || next === 46) plain = false;
    }
  }
  const raw = url.slice(start, end);
  return plain ? raw : decodeAmbiguous(raw);
}

/** Decodes every escape once; refuses what could mean two things to two readers: an escape left after
 * decoding (double encoding), a backslash, a control character, an empty segment or a "." / ".." segment. */
function decodeAmbiguous(raw: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  // deno-lint-ignore no-control-regex
  if (/[%\\\u0000-\u001f\u007f]/.test(decoded)) return undefined;
  const segments = decoded.split("/");
  for (let index = 1; index < segments.length; index++) {
    const segment = segments[index];
    if (segment === "." || segment === "..") return undefined;
    // An empty segment is "//" (a trailing slash is the only empty segment allowed).
    if (segment === "" && index !== segments.length - 1) return undefined;
  }
  return decoded;
}

/** True for the API namespace in any letter case: `/API/ws` is still the API to the guard. */
export function isApiPath(path: string): boolean {
  if (path.length < 4) return false;
  const head = path.slice(0, 5).toLowerCase();
  return head === "/api/" || (path.length === 4 && head === "/api");
}
