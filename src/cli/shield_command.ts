/** `parapet shield evaluate | check-policy FILE` (contract 6). */

export async function shieldCommand(positionals: string[], _options: Record<string, string>): Promise<number> {
  console.error(`Shield CLI is not wired yet (${positionals.join(" ")})`);
  return 2;
}
