/** Run with a child's permission flags: tries what a compromised sub-agent would try and prints one JSON line
 * saying what each attempt met ("allowed", "denied" or another error name). Argument: JSON
 * {"fetch": [urls], "read": [paths], "env": [names], "run": [programs]}. */
const plan = JSON.parse(Deno.args[0] ?? "{}") as Record<string, string[]>;
const outcome: Record<string, string> = {};

async function attempt(label: string, work: () => Promise<unknown> | unknown) {
  try {
    await work();
    outcome[label] = "allowed";
  } catch (error) {
    outcome[label] = error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.PermissionDenied
      ? "denied"
      : (error as Error).name;
  }
}

for (const url of plan.fetch ?? []) {
  await attempt(`fetch ${url}`, async () => await (await fetch(url)).body?.cancel());
}
for (const path of plan.read ?? []) await attempt(`read ${path}`, () => Deno.readTextFile(path));
for (const name of plan.env ?? []) await attempt(`env ${name}`, () => Deno.env.get(name));
for (const program of plan.run ?? []) {
  await attempt(`run ${program}`, () => new Deno.Command(program, { args: ["--version"] }).output());
}
console.log(JSON.stringify(outcome));
