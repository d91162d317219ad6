import assert from "node:assert/strict";
import { loadIfcPolicy, parseIfcPolicy } from "../../src/ifc/ifc_policy.ts";
import { IFC_PRESETS, writeIfcPresets } from "../../src/ifc/ifc_presets.ts";
import { ConfigError } from "../../src/lib/errors.ts";

Deno.test("every IFC preset parses", () => {
  for (const [name, text] of Object.entries(IFC_PRESETS)) {
    const policy = parseIfcPolicy(text, name);
    assert.equal(policy.name, name);
    assert.ok(policy.sources.length > 5);
  }
});

const minimal = `mode: enforce
default_level: internal
sources: []
sinks: { exec: [execute_command] }
matrix: { critical: { exec: block } }
`;

Deno.test("parseIfcPolicy names the policy and the field in its errors", () => {
  assert.equal(parseIfcPolicy(minimal, "m").mode, "enforce");
  const cases: [string, RegExp][] = [
    [minimal.replace("mode: enforce", "mode: loud"), /Invalid IFC policy "bad": mode: /],
    [minimal.replace("default_level: internal", "default_level: secret"), /default_level: /],
    [
      minimal.replace("sources: []", "sources: [{ name: x, match: {}, level: public }]"),
      /sources\.0\.match: needs at least/,
    ],
    [
      minimal.replace("sources: []", "sources: [{ name: x, match: { paths: [a] }, level: top }]"),
      /sources\.0\.level/,
    ],
    [minimal.replace("exec: block", "exec: maybe"), /matrix\.critical\.exec/],
    [
      minimal.replace("{ critical: { exec: block } }", "{ critical: { mail: block } }"),
      /matrix\.critical\.mail: unknown sink "mail"/,
    ],
    [minimal + "extra: 1\n", /extra|Unrecognized key/],
    ["mode: [", /not valid YAML/],
  ];
  for (const [text, pattern] of cases) {
    assert.throws(() => parseIfcPolicy(text, "bad"), (error: Error) => {
      assert.ok(error instanceof ConfigError, error.message);
      assert.match(error.message, pattern);
      return true;
    });
  }
});

Deno.test("loadIfcPolicy reads a file and reports a missing one clearly", async () => {
  const dir = await Deno.makeTempDir({ prefix: "parapet_ifc_" });
  try {
    await Deno.writeTextFile(`${dir}/p.yaml`, minimal);
    assert.equal((await loadIfcPolicy(`${dir}/p.yaml`)).name, `${dir}/p.yaml`);
    await assert.rejects(loadIfcPolicy(`${dir}/none.yaml`), /Cannot read IFC policy/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("writeIfcPresets writes the three presets and never overwrites", async () => {
  const dir = await Deno.makeTempDir({ prefix: "parapet_ifc_" });
  try {
    await Deno.mkdir(`${dir}/security/ifc`, { recursive: true });
    await Deno.writeTextFile(`${dir}/security/ifc/strict.yaml`, "# mine\n");
    const written = await writeIfcPresets(dir);
    assert.deepEqual(written.map((path) => path.slice(dir.length)), [
      "/security/ifc/default.yaml",
      "/security/ifc/permissive.yaml",
    ]);
    assert.equal(await Deno.readTextFile(`${dir}/security/ifc/strict.yaml`), "# mine\n");
    assert.equal(await Deno.readTextFile(`${dir}/security/ifc/default.yaml`), IFC_PRESETS.default);
    assert.deepEqual(await writeIfcPresets(dir), []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
