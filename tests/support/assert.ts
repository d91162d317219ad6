/** Small assertion helpers over node:assert/strict, shaped like the ones Deno users know. */
import assertNode from "node:assert/strict";

export function assert(condition: unknown, message?: string): asserts condition {
  assertNode.ok(condition, message ?? "Assertion failed");
}

export function assertEquals<T>(actual: unknown, expected: T, message?: string): asserts actual is T {
  assertNode.deepStrictEqual(actual, expected, message ?? "Values are not equal");
}

export function assertThrows<E extends Error>(
  fn: () => unknown,
  // deno-lint-ignore no-explicit-any
  errorClass: new (...args: any[]) => E,
  includes?: string,
): E {
  try {
    fn();
  } catch (error) {
    assertNode.ok(error instanceof errorClass, `expected ${errorClass.name}, got ${error}`);
    if (includes) assertNode.ok(error.message.includes(includes), `"${error.message}" lacks "${includes}"`);
    return error;
  }
  throw new assertNode.AssertionError({ message: `expected ${errorClass.name} to be thrown` });
}

export async function assertRejects<E extends Error>(
  fn: () => Promise<unknown>,
  // deno-lint-ignore no-explicit-any
  errorClass: new (...args: any[]) => E,
  includes?: string,
): Promise<E> {
  try {
    await fn();
  } catch (error) {
    assertNode.ok(error instanceof errorClass, `expected ${errorClass.name}, got ${error}`);
    if (includes) assertNode.ok(error.message.includes(includes), `"${error.message}" lacks "${includes}"`);
    return error;
  }
  throw new assertNode.AssertionError({ message: `expected ${errorClass.name} to be rejected` });
}
