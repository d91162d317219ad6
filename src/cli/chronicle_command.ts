/** `parapet chronicle list | diff ID [PATH] | rollback ID`. */

export async function chronicleCommand(positionals: string[], _options: Record<string, string>): Promise<number> {
  console.error(`Chronicle CLI is not wired yet (${positionals.join(" ")})`);
  return 2;
}
