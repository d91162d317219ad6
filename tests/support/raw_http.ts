/** HTTP/1.1 spoken by hand: request targets exactly as written (fetch would normalise "/./", ".." and case
 * of nothing else, but an attacker's client sends whatever bytes it likes) and any Host or Origin header. */

export interface RawResponse {
  status: number;
  headers: string;
  body: string;
}

export async function rawRequest(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body = "",
): Promise<RawResponse> {
  const connection = await Deno.connect({ hostname: "127.0.0.1", port });
  const lines = [`${method} ${target} HTTP/1.1`];
  const all: Record<string, string> = { host: `127.0.0.1:${port}`, connection: "close", ...headers };
  for (const [name, value] of Object.entries(all)) lines.push(`${name}: ${value}`);
  await connection.write(new TextEncoder().encode(lines.join("\r\n") + "\r\n\r\n" + body));
  const chunks: Uint8Array[] = [];
  const buffer = new Uint8Array(16_384);
  // The server may keep the socket open (a 101, or keep-alive after an upgrade attempt): stop once the whole
  // answer is in.
  while (true) {
    const read = await connection.read(buffer).catch(() => null);
    if (read === null) break;
    chunks.push(buffer.slice(0, read));
    if (complete(new TextDecoder().decode(concat(chunks)))) break;
  }
  connection.close();
  const text = new TextDecoder().decode(concat(chunks));
  const split = text.indexOf("\r\n\r\n");
  const head = split >= 0 ? text.slice(0, split) : text;
  return {
    status: Number(head.slice(9, 12)),
    headers: head,
    body: split >= 0 ? dechunk(head, text.slice(split + 4)) : "",
  };
}

/** Headers a WebSocket upgrade needs. */
export const UPGRADE_HEADERS = {
  upgrade: "websocket",
  connection: "Upgrade",
  "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
  "sec-websocket-version": "13",
};

function complete(text: string): boolean {
  const split = text.indexOf("\r\n\r\n");
  if (split < 0) return false;
  const head = text.slice(0, split);
  if (head.startsWith("HTTP/1.1 101") || head.startsWith("HTTP/1.1 304")) return true;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) return new TextEncoder().encode(text.slice(split + 4)).length >= Number(length[1]);
  if (/transfer-encoding:\s*chunked/i.test(head)) return text.endsWith("\r\n0\r\n\r\n");
  return false;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

function dechunk(head: string, body: string): string {
  if (!/transfer-encoding:\s*chunked/i.test(head)) return body;
  let out = "";
  let rest = body;
  while (rest) {
    const lineEnd = rest.indexOf("\r\n");
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size) break;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
  return out;
}
