/** JSON text made once per state of its inputs: `text(a, b, c, d)` stringifies `build()` again only when one of
 * the keys differs (===) from the last call's, so a hot read-only view answers with the same string and no work.
 * Up to four keys, passed as arguments so a call allocates nothing. */
export class JsonMemo {
  private built = false;
  private keys: [unknown, unknown, unknown, unknown] = [undefined, undefined, undefined, undefined];
  private cached = "";

  constructor(private readonly build: () => unknown) {}

  text(a?: unknown, b?: unknown, c?: unknown, d?: unknown): string {
    const keys = this.keys;
    if (!this.built || keys[0] !== a || keys[1] !== b || keys[2] !== c || keys[3] !== d) {
      // Built before the keys are kept: a build that throws leaves nothing cached.
      this.cached = JSON.stringify(this.build());
      this.keys = [a, b, c, d];
      this.built = true;
    }
    return this.cached;
  }
}
