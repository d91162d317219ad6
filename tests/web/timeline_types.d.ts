// deno-lint-ignore no-explicit-any
export function historyToItems(messages: unknown[], knownCards?: Map<string, unknown>): any[];
