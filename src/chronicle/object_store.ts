/** Content-addressed store of file bytes under <stateDir>/objects/<sha256>: identical content is kept once. */
import { sha256Hex, sha256HexOfFile } from "../lib/sha256.ts";

// Above this, files are copied (reflink where the filesystem can) and hashed from the copy instead of
// being read into memory.
const IN_MEMORY_LIMIT = 16 * 1024 * 1024;

export class ObjectStore {
  readonly #known = new Set<string>();

  private constructor(readonly dir: string) {}

  static async open(dir: string): Promise<ObjectStore> {
    await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
    const store = new ObjectStore(dir);
    for await (const item of Deno.readDir(dir)) {
      if (/^[0-9a-f]{64}$/.test(item.name)) store.#known.add(item.name);
      else if (item.name.startsWith("tmp_")) await Deno.remove(`${dir}/${item.name}`).catch(() => {});
    }
    return store;
  }

  has(sha: string): boolean {
    return this.#known.has(sha);
  }

  pathOf(sha: string): string {
    return `${this.dir}/${sha}`;
  }

  list(): string[] {
    return [...this.#known];
  }

  async putBytes(bytes: Uint8Array): Promise<string> {
    const sha = sha256Hex(bytes);
    if (!this.#known.has(sha)) {
      const temp = this.#tempPath();
      await Deno.writeFile(temp, bytes, { mode: 0o600 });
      await Deno.rename(temp, this.pathOf(sha));
      this.#known.add(sha);
    }
    return sha;
  }

  /**
   * Stores a copy of the file and returns its hash. Objects are always independent copies, never hard
   * links: a shell command editing the workspace file in place would otherwise rewrite history.
   */
  async putFile(path: string, size: number): Promise<string> {
    if (size <= IN_MEMORY_LIMIT) return this.putBytes(await Deno.readFile(path));
    const temp = this.#tempPath();
    await Deno.copyFile(path, temp);
    const sha = await sha256HexOfFile(temp);
    if (this.#known.has(sha)) await Deno.remove(temp);
    else {
      await Deno.rename(temp, this.pathOf(sha));
      this.#known.add(sha);
    }
    return sha;
  }

  read(sha: string): Promise<Uint8Array> {
    return Deno.readFile(this.pathOf(sha));
  }

  async remove(sha: string): Promise<void> {
    this.#known.delete(sha);
    await Deno.remove(this.pathOf(sha)).catch((error) => {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    });
  }

  #tempPath(): string {
    return `${this.dir}/tmp_${crypto.randomUUID()}`;
  }
}
