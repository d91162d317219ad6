import { assertEquals } from "../support/assert.ts";
import { buildVendoredText, checkVendor, VENDOR_DIR } from "../../scripts/vendor_manifest.ts";

Deno.test("web/vendor: every vendored file is listed in manifest.json with its SHA-256", async () => {
  assertEquals(await checkVendor(), []);
});

Deno.test("web/vendor check: a changed byte, a missing file and an unlisted file are each reported", async () => {
  const copy = await Deno.makeTempDir();
  try {
    for await (const entry of Deno.readDir(VENDOR_DIR)) {
      if (entry.isFile) await Deno.copyFile(new URL(entry.name, VENDOR_DIR), `${copy}/${entry.name}`);
    }
    await Deno.writeTextFile(`${copy}/htm.js`, "\n", { append: true });
    await Deno.remove(`${copy}/marked.js`);
    await Deno.writeTextFile(`${copy}/extra.js`, "export {};\n");
    const problems = await checkVendor(new URL(`file://${copy}/`));
    assertEquals(problems.map((problem) => problem.split(":")[0]).sort(), [
      "extra.js",
      "htm.js",
      "marked.js",
    ]);
  } finally {
    await Deno.remove(copy, { recursive: true });
  }
});

Deno.test("vendor build: banner, import rewrite and source-map removal as the manifest says", () => {
  const source = 'import{options as n}from"preact";var x=1;\n//# sourceMappingURL=hooks.module.js.map\n';
  const entry = {
    package: "preact",
    version: "1.2.3",
    source: "hooks.js",
    banner: "/*! hooks {version} */",
    rewrite_imports: { preact: "./preact.js" },
    sha256: "",
  };
  assertEquals(
    buildVendoredText({ ...entry, source_map: "blank" }, source),
    '/*! hooks 1.2.3 */\nimport{options as n}from"./preact.js";var x=1;\n\n',
  );
  assertEquals(
    buildVendoredText({ ...entry, source_map: "drop" }, source),
    '/*! hooks 1.2.3 */\nimport{options as n}from"./preact.js";var x=1;\n',
  );
});
