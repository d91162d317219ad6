/** Remembers each file's stat and hash between snapshots so unchanged files are not read again. */

interface CachedStat {
  ino: number;
  size: number;
  mtime: number;
  ctime: number;
  sha: string;
}

/** Seconds of slack for filesystems with coarse timestamps (Deno reports ctime in whole seconds here). */
const RACY_WINDOW_MS = 2000;

export class StatCache {
  #entries = new Map<string, CachedStat>();
  #dirty = false;
  /** False after release(): the entries are on disk only until reload(). */
  #loaded = true;
  /** The read reload() started: scans running at once (a diff beside a snapshot) all wait for the same one. */
  #reading: Promise<void> = Promise.resolve();

  private constructor(readonly path: string) {}

  static async load(path: string): Promise<StatCache> {
    const cache = new StatCache(path);
    await cache.#read();
    return cache;
  }

  /** Entries held in memory now. */
  get size(): number {
    return this.#entries.size;
  }

  /** Drops the entries from memory (one per workspace file a scan saw) when all of them are saved; reload()
   * reads them back. With unsaved entries it keeps them. */
  release(): void {
    if (this.#dirty || !this.#loaded) return;
    this.#entries = new Map();
    this.#loaded = false;
  }

  /** Reads the entries back after release(); nothing to do otherwise. */
  async reload(): Promise<void> {
    if (!this.#loaded) {
      this.#loaded = true;
      this.#reading = this.#read();
    }
    await this.#reading;
  }

  async #read(): Promise<void> {
    try {
      const data = JSON.parse(await Deno.readTextFile(this.path)) as Record<string, CachedStat>;
      for (const [key, value] of Object.entries(data)) this.#entries.set(key, value);
    } catch {
      // Missing or damaged: it is only a cache, every file is simply hashed again.
    }
  }

  /**
   * The cached hash if the file looks untouched. A file changed within RACY_WINDOW_MS of `scanStart`
   * (filesystem time) could change again within the same timestamp tick after being read, so it is
   * never trusted: the git "racily clean" rule.
   */
  lookup(path: string, info: Deno.FileInfo, scanStart: number): string | undefined {
    const cached = this.#entries.get(path);
    if (!cached || info.mtime === null) return undefined;
    const stat = statOf(info);
    if (cached.ino !== stat.ino || cached.size !== stat.size) return undefined;
    if (cached.mtime !== stat.mtime || cached.ctime !== stat.ctime) return undefined;
    if (Math.max(stat.mtime, stat.ctime) >= scanStart - RACY_WINDOW_MS) return undefined;
    return cached.sha;
  }

  remember(path: string, info: Deno.FileInfo, sha: string): void {
    this.#entries.set(path, { ...statOf(info), sha });
    this.#dirty = true;
  }

  /** Forgets entries whose object was garbage-collected. */
  retainObjects(isKept: (sha: string) => boolean): void {
    for (const [path, entry] of this.#entries) {
      if (!isKept(entry.sha)) {
        this.#entries.delete(path);
        this.#dirty = true;
      }
    }
  }

  async save(): Promise<void> {
    if (!this.#dirty) return;
    const temp = `${this.path}.tmp`;
    await Deno.writeTextFile(temp, JSON.stringify(Object.fromEntries(this.#entries)));
    await Deno.rename(temp, this.path);
    this.#dirty = false;
  }
}

function statOf(info: Deno.FileInfo): Omit<CachedStat, "sha"> {
  return {
    ino: info.ino ?? 0,
    size: info.size,
    mtime: info.mtime?.getTime() ?? 0,
    ctime: info.ctime?.getTime() ?? 0,
  };
}
