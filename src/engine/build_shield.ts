/** Builds Shield from config. (Wired fully once src/shield lands; until then every action is refused.) */
import type { ShieldPort } from "./ports.ts";

export function buildShield(): ShieldPort {
  return {
    evaluate() {
      return Promise.reject(new Error("Shield is not wired yet"));
    },
  };
}
