/** The answer of a hot JSON route: JSON text that is already made (see lib/json_memo.ts) in a bare Response with
 * the headers every JSON API answer carries (the request guard's nosniff included), so nothing else runs. */

export function jsonAnswer(text: string, status = 200): Response {
  // Content-Type alone in the constructor, the rest set after: Deno takes that path faster (about 0.5 µs a
  // request under wrk) than a two-header init.
  const response = new Response(text, { status, headers: { "content-type": "application/json" } });
  response.headers.set("x-content-type-options", "nosniff");
  return response;
}
