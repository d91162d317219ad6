/** Serves the web UI from web/: files by path, index.html for everything else outside /api. A file is read once
 * and kept with its answer's headers (the guard's page headers included); it is checked against the disk at most
 * once a second, so an upgrade is served within a second. A kept, fresh file is answered synchronously. */
import type { MiddlewareHandler } from "hono";
import { extname, join, normalize } from "node:path";
import { isApiPath } from "./request_path.ts";
import { PAGE_HEADERS } from "./guards.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
};

/** How long a kept file is served without looking at the disk again. */
const RECHECK_MS = 1000;
/** Larger files are read on every request instead of kept. */
const MAX_KEPT_BYTES = 512 * 1024;

interface UiFile {
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
  type: string;
  /** Every header of a 200 answer but its type, page headers included. */
  headers: [string, string][];
  /** Every header of a 304 answer. */
  notModified: [string, string][];
  /** performance.now() when the disk was last checked. */
  checked: number;
}

/** The UI's answer to a GET or HEAD of a non-API path, or undefined when no file is there. `path` is the
 * decoded path the request guard judged (request_path.ts); decoding it again would open "%252e%252e". */
export type UiAnswer = (
  path: string,
  method: string,
  ifNoneMatch: string | null,
) => Response | undefined | Promise<Response | undefined>;

export function uiFiles(root: string): UiAnswer {
  const files = new UiFiles();
  return (path, method, ifNoneMatch) => {
    if ((method !== "GET" && method !== "HEAD") || isApiPath(path)) return undefined;
    const relative = normalize(path).replace(/^\/+/, "");
    if (relative.startsWith("..") || relative.includes("\0")) return undefined;
    // A path with a file extension names a file: a missing one is a 404, not the page (a broken module import
    // would otherwise fail with a confusing MIME error). Extensionless paths are client routes.
    const fallback = extname(relative) ? "" : join(root, "index.html");
    const candidates = [relative && join(root, relative), fallback].filter(Boolean);
    const answer = (file: UiFile | undefined) => file && respond(file, method, ifNoneMatch);
    const fresh = files.fresh(candidates[0]);
    return fresh ? answer(fresh) : files.first(candidates).then(answer);
  };
}

function respond(file: UiFile, method: string, ifNoneMatch: string | null): Response {
  if (ifNoneMatch === file.etag) return withHeaders(new Response(null, { status: 304 }), file.notModified);
  const body = method === "HEAD" ? null : file.bytes;
  return withHeaders(new Response(body, { headers: { "content-type": file.type } }), file.headers);
}

/** Headers set one by one after the Response is made: Deno takes that path faster than a long header init. */
function withHeaders(response: Response, headers: [string, string][]): Response {
  const target = response.headers;
  for (const [name, value] of headers) target.set(name, value);
  return response;
}

/** The same answers as Hono middleware. */
export function staticFiles(root: string): MiddlewareHandler {
  const answer = uiFiles(root);
  return async (context, next) =>
    await answer(context.req.path, context.req.method, context.req.header("if-none-match") ?? null) ??
      await next();
}

/** UI files by path, kept while unchanged on disk; only files that exist are kept, so the map is bounded by
 * the UI folder whatever paths clients ask for. */
class UiFiles {
  private readonly kept = new Map<string, UiFile>();

  /** The kept file at `path` when the disk was checked less than RECHECK_MS ago. */
  fresh(path: string | undefined): UiFile | undefined {
    const known = path === undefined ? undefined : this.kept.get(path);
    return known && performance.now() - known.checked < RECHECK_MS ? known : undefined;
  }

  async first(paths: string[]): Promise<UiFile | undefined> {
    for (const path of paths) {
      const file = await this.read(path);
      if (file) return file;
    }
    return undefined;
  }

  private async read(path: string): Promise<UiFile | undefined> {
    const now = performance.now();
    const known = this.kept.get(path);
    if (known && now - known.checked < RECHECK_MS) return known;
    try {
      const info = await Deno.stat(path);
      if (!info.isFile) return this.forget(path);
      const stamp = info.mtime?.getTime() ?? 0;
      if (known?.etag === `"${stamp}-${info.size}"`) {
        known.checked = now;
        return known;
      }
      const bytes = await Deno.readFile(path);
      // The tag names what was read: a file changed between stat and read is tagged by its new size.
      const file = uiFile(path, bytes, `"${stamp}-${bytes.length}"`, now);
      if (bytes.length <= MAX_KEPT_BYTES) this.kept.set(path, file);
      return file;
    } catch {
      return this.forget(path);
    }
  }

  private forget(path: string): undefined {
    this.kept.delete(path);
    return undefined;
  }
}

function uiFile(path: string, bytes: Uint8Array<ArrayBuffer>, etag: string, checked: number): UiFile {
  // Revalidate every time: after an upgrade a browser must never mix old and new modules.
  const caching: [string, string][] = [["Cache-Control", "no-cache"], ["ETag", etag]];
  return {
    bytes,
    etag,
    type: TYPES[extname(path)] ?? "application/octet-stream",
    headers: [...caching, ...PAGE_HEADERS],
    notModified: [...caching, ...PAGE_HEADERS],
    checked,
  };
}
