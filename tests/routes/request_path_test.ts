import { assertEquals } from "../support/assert.ts";
import { isApiPath, routePath } from "../../src/routes/request_path.ts";

const at = (path: string) => routePath(`http://127.0.0.1:3100${path}`);

Deno.test("routePath decodes escapes once and keeps plain paths as they are", () => {
  assertEquals(at("/api/sessions?q=%2F..%2F"), "/api/sessions");
  assertEquals(at("/api/sessions#x"), "/api/sessions");
  assertEquals(at("/%61pi/sessions"), "/api/sessions");
  assertEquals(at("/api%2Fsessions"), "/api/sessions");
  assertEquals(at("/.well-known/x"), "/.well-known/x");
  assertEquals(at("/lib/app.js"), "/lib/app.js");
  assertEquals(at("/api/sessions/"), "/api/sessions/");
  assertEquals(at(""), "/");
  assertEquals(routePath("http://evil.example/api/x"), "/api/x");
});

Deno.test("routePath refuses every path two readers could read differently", () => {
  for (
    const path of [
      "//api/sessions",
      "/api//sessions",
      "/./api",
      "/api/.",
      "/x/../api",
      "/api/%2e%2e/x",
      "/%2561pi",
      "/api\\sessions",
      "/api/%5Csessions",
      "/api/%00",
      "/api/%0a",
      "/api/%E0%A4%A",
      "/api/%zz",
    ]
  ) {
    assertEquals(at(path), undefined, path);
  }
});

Deno.test("isApiPath is the API namespace in any letter case, and nothing else", () => {
  for (const path of ["/api", "/api/", "/API/ws", "/Api/settings", "/aPi/x"]) {
    assertEquals(isApiPath(path), true, path);
  }
  for (const path of ["/", "/apix", "/ap", "/app.js", "/x/api/y"]) assertEquals(isApiPath(path), false, path);
});
