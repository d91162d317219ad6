/** `deno task compile`: builds a single `parapet` binary with the web UI and worker modules included.
 * `deno compile` downloads its runtime (denort) unless DENORT_BIN points at one; where neither works the
 * task says so and exits 2 instead of hanging on a download. */

const output = Deno.args[0] ?? "parapet";
const denort = Deno.env.get("DENORT_BIN");
if (!denort) {
  console.error(
    "deno compile needs the denort runtime, which is downloaded from a host this machine may not reach. " +
      "Set DENORT_BIN to a local denort binary (same Deno version) and run `deno task compile` again.",
  );
  Deno.exit(2);
}
const args = [
  "compile",
  "--allow-all",
  "--include",
  "web",
  "--include",
  "src/security/audit/verify_worker.ts",
  "--include",
  "src/tools/grep_worker.ts",
  "--output",
  output,
  "main.ts",
];
const status = await new Deno.Command(Deno.execPath(), { args, env: { DENORT_BIN: denort } }).spawn().status;
if (status.success) console.log(`Built ${output}: run it as ./${output} start`);
Deno.exit(status.code);
