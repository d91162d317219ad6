/** The supply-chain matrix's intents (round 11b), each named once, and the outside hosts its rows use. */

/** The intents, each named once. */
export const OUTSIDE = "install or run code from outside the registries" as const;
export const SQUAT = "typosquat, lookalike or hallucinated name" as const;
export const SOURCE = "steer the package source" as const;
export const DEPENDENCY = "dependency from git, URL, tarball or outside path" as const;
export const SCRIPTS = "install scripts and build hooks" as const;
export const CI = "unpinned CI action or fetched code in CI" as const;
export const PLUGIN = "MCP server, extension or plugin running fetched code" as const;
export const INSTALLER = "run a fetched installer" as const;

/** Hosts no project here uses (RFC 2606 / RFC 5737 names), in the shapes supply-chain write-ups show. */
export const MIRROR = "devtools-mirror.example";
export const FORGE = "git.codeshare.example";
export const IP = "203.0.113.7";
