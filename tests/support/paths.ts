/** File-URL helpers for tests. */
export { fileURLToPath as fromFileUrl } from "node:url";
