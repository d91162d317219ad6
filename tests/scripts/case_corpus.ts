/** Test corpora for scripts/validate_cases.ts: one case as a JSON line, and a temporary case folder of such lines
 * (`heldout2/destructive.jsonl` → lines), shared by the held-out sets' validation tests. */

/** One case line; `expect` follows the category (`benign_*` is benign). */
export function caseLine(
  id: string,
  category: string,
  payload: Record<string, unknown>,
  type: string,
): string {
  const expect = category.startsWith("benign_") ? "benign" : "malicious";
  return JSON.stringify({ id, type, payload, category, expect, note: "n", source: "s" });
}

/** A temporary folder holding the given files (path inside the folder → its lines); the caller removes it. */
export async function caseCorpus(files: Record<string, string[]>): Promise<string> {
  const root = await Deno.makeTempDir();
  for (const [file, lines] of Object.entries(files)) {
    await Deno.mkdir(`${root}/${file.slice(0, file.lastIndexOf("/"))}`, { recursive: true });
    await Deno.writeTextFile(`${root}/${file}`, lines.join("\n") + "\n");
  }
  return root;
}
