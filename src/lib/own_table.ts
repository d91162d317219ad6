/** A lookup table that answers only its own keys. Shield reads its tables with names an attacker chooses (programs,
 * tool names, argument keys, variables, characters); on a plain object literal `TABLE["constructor"]` or
 * `TABLE["toString"]` is a built-in function, which a check then calls or iterates and throws on. A table made
 * here has no prototype, so every name it does not hold reads as `undefined`. */
export function ownTable<T>(entries: Record<string, T>): Record<string, T> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}
