/** Every string of every top and dev case's payload (tests that compare a shortcut with the long way run it over
 * them). */
export async function payloadStrings(): Promise<string[]> {
  const strings: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === "string") strings.push(value);
    else if (value && typeof value === "object") { for (const inner of Object.values(value)) collect(inner); }
  };
  for (const folder of ["", "dev/"]) {
    const dir = new URL(`./cases/${folder}`, import.meta.url);
    for await (const entry of Deno.readDir(dir)) {
      if (!entry.name.endsWith(".jsonl")) continue;
      for (const line of (await Deno.readTextFile(new URL(entry.name, dir))).split("\n")) {
        if (line.trim()) collect(JSON.parse(line).payload);
      }
    }
  }
  return strings;
}
