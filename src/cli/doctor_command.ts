/** `doctor`. */
import type { OptionValues } from "./options.ts";
export function doctorCommand(_o: OptionValues): Promise<number> {
  return Promise.resolve(1);
}
