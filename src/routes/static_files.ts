/** Serves the web UI from web/: files by path, index.html for everything else outside /api. */
import type { MiddlewareHandler } from "hono";
import { extname, join, normalize } from "node:path";

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
    if ((method !== "GET" && method !== "HEAD") || context.req.path.startsWith("/api/")) return await next();
    let relative: string;
    try {
      relative = normalize(decodeURIComponent(context.req.path)).replace(/^\/+/, "");
    } catch {
      return await next();
    }
    if (relative.startsWith("..") || relative.includes("\0")) return await next();
    const file = await readFirst([relative && join(root, relative), join(root, "index.html")]);
    if (!file) return await next();
    return context.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": TYPES[extname(file.path)] ?? "application/octet-stream",
      "Cache-Control": file.path.endsWith("index.html") ? "no-cache" : "max-age=300",
    });
  };
}

async function readFirst(paths: (string | "")[]): Promise<{ path: string; bytes: Uint8Array } | undefined> {
  for (const path of paths) {
    if (!path) continue;
    try {
      const info = await Deno.stat(path);
      if (!info.isFile) continue;
      return { path, bytes: await Deno.readFile(path) };
    } catch {
      // try the next candidate
    }
  }
  return undefined;
}
