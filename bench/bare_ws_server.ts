/** Baseline WebSocket server for the load benchmarks: answers a `ping` frame with the engine's pong and, given a
 * fake LLM's URL, answers a `message` frame the way the engine's protocol does at its least: one streamed chat
 * request, an llm_token per text piece and a response_complete. POST /api/sessions hands out session ids.
 * Usage: deno run -A bench/bare_ws_server.ts PORT [LLM_BASE_URL] */

const [port, llmUrl] = Deno.args;
const PONG = JSON.stringify({ type: "pong" });
let sessions = 0;

async function answer(socket: WebSocket, sessionId: string, content: string): Promise<void> {
  const response = await fetch(`${llmUrl}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "fake-model", stream: true, messages: [{ role: "user", content }] }),
  });
  let text = "";
  let buffered = "";
  const send = (type: string, data: Record<string, unknown>) =>
    socket.send(JSON.stringify({ type, session_id: sessionId, timestamp: Date.now(), data }));
  for await (const piece of response.body!.pipeThrough(new TextDecoderStream())) {
    buffered += piece;
    let end;
    while ((end = buffered.indexOf("\n\n")) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (!line.startsWith("data: ") || line === "data: [DONE]") continue;
      const token = JSON.parse(line.slice(6)).choices?.[0]?.delta?.content;
      if (!token) continue;
      text += token;
      send("llm_token", { token, message_id: "m" });
    }
  }
  send("response_complete", { content: text, message_id: "m", thoughts: [], token_usage: {} });
}

Deno.serve({ hostname: "127.0.0.1", port: Number(port), onListen() {} }, (request) => {
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
    if (request.method === "POST") return Response.json({ id: `s_${++sessions}` }, { status: 201 });
    return Response.json({ status: "ok" });
  }
  const { socket, response } = Deno.upgradeWebSocket(request);
  socket.onmessage = (message) => {
    const frame = JSON.parse(String(message.data));
    if (frame.type === "ping") socket.send(PONG);
    else if (frame.type === "message" && llmUrl) void answer(socket, frame.session_id, frame.content);
  };
  return response;
});
