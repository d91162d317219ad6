/** Shield's globs are the engine's one glob compiler (src/lib/glob.ts): anchored and case-insensitive. */
import { globToRegExp as compileGlob } from "../lib/glob.ts";

export { GlobError, globSource } from "../lib/glob.ts";

/** One parameter, so it can be handed to `Array.map`. */
export const globToRegExp = (glob: string): RegExp => compileGlob(glob);
