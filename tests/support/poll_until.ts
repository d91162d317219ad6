/** Waits for a condition in tests: polls `probe` until it returns something other than undefined or false, and
 * fails after `timeoutMs` with what was awaited (`describe` is called only then, so it may show late state). */
export async function pollUntil<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  describe: () => string,
  timeoutMs = 20_000,
  intervalMs = 20,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined && value !== false) return value as T;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${describe()}: condition not met within ${timeoutMs} ms`);
}
