/** Serves the web UI from web/: files by path, index.html for everything else outside /api. */
import type { MiddlewareHandler } from "hono";
import { extname, join, normalize } from "node:path";
import { isApiPath } from "./request_path.ts";

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

export function staticFiles(root: string): MiddlewareHandler {
  return async (context, next) => {
    const method = context.req.method;
    if ((method !== "GET" && method !== "HEAD") || isApiPath(context.req.path)) return await next();
    // The path is already decoded once (request_path.ts); decoding it again would open "%252e%252e".
    const relative = normalize(context.req.path).replace(/^\/+/, "");
    if (relative.startsWith("..") || relative.includes("\0")) return await next();
    // A path with a file extension names a file: a missing one is a 404, not the page (a broken module import
    // would otherwise fail with a confusing MIME error). Extensionless paths are client routes.
    const fallback = extname(relative) ? "" : join(root, "index.html");
    const file = await readFirst([relative && join(root, relative), fallback]);
    if (!file) return await next();
    const etag = `"${file.mtime}-${file.bytes.length}"`;
    if (context.req.header("if-none-match") === etag) {
      return context.body(null, 304, { ETag: etag, "Cache-Control": "no-cache" });
    }
    return context.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": TYPES[extname(file.path)] ?? "application/octet-stream",
      // Revalidate every time: after an upgrade a browser must never mix old and new modules.
      "Cache-Control": "no-cache",
      "ETag": etag,
    });
  };
}

async function readFirst(
  paths: (string | "")[],
): Promise<{ path: string; bytes: Uint8Array; mtime: number } | undefined> {
  for (const path of paths) {
    if (!path) continue;
    try {
      const info = await Deno.stat(path);
      if (!info.isFile) continue;
      return { path, bytes: await Deno.readFile(path), mtime: info.mtime?.getTime() ?? 0 };
    } catch {
      // try the next candidate
    }
  }
  return undefined;
}
