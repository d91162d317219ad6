/** POSIX path helpers without node:path: the supervisor's modules use them, and loading Deno's Node layer for
 * one call costs that long-lived process about 2 MB. */

/** `path` made absolute against `cwd` and normalised ("." and ".." steps and repeated slashes removed), as
 * node:path's resolve does on POSIX. */
export function absolutePath(path: string, cwd: string = Deno.cwd()): string {
  const parts: string[] = [];
  for (const part of (path.startsWith("/") ? path : `${cwd}/${path}`).split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return `/${parts.join("/")}`;
}

/** The file system path of a file: URL (percent-escapes decoded), as node:url's fileURLToPath does on POSIX. */
export function pathOfFileUrl(url: URL): string {
  if (url.protocol !== "file:") throw new TypeError(`Not a file URL: "${url.href}"`);
  return decodeURIComponent(url.pathname);
}
