/** `chat`. */
import type { OptionValues } from "./options.ts";
export function chatCommand(_o: OptionValues): Promise<number> {
  return Promise.resolve(1);
}
