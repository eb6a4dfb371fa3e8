// The rendered og:images, in memory: keyed by the fingerprint of everything an image shows (server/og/slip-preview.ts
// previewVersion), so a slip that settles, a leg that gets its result or a record that moves is drawn again, and an
// unchanged slip is drawn once. Bounded by count and bytes, least recently used first out; one render per key at a
// time (a link pasted into a busy group is fetched by every phone at once).

interface ImageCacheLimits {
  entries: number;
  bytes: number;
}

export class ImageCache {
  readonly #images = new Map<string, Buffer>();
  readonly #rendering = new Map<string, Promise<Buffer>>();
  #bytes = 0;
  readonly #limits: ImageCacheLimits;

  constructor(limits: ImageCacheLimits = { entries: 200, bytes: 32_000_000 }) {
    this.#limits = limits;
  }

  async get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.#images.get(key);
    if (hit) {
      // Most recently used goes last.
      this.#images.delete(key);
      this.#images.set(key, hit);
      return hit;
    }
    const running = this.#rendering.get(key);
    if (running) return running;
    const job = render()
      .then((image) => {
        this.#store(key, image);
        return image;
      })
      .finally(() => this.#rendering.delete(key));
    this.#rendering.set(key, job);
    return job;
  }

  #store(key: string, image: Buffer): void {
    if (image.length > this.#limits.bytes) return;
    this.#images.set(key, image);
    this.#bytes += image.length;
    for (const [oldKey, old] of this.#images) {
      if (this.#images.size <= this.#limits.entries && this.#bytes <= this.#limits.bytes) break;
      this.#images.delete(oldKey);
      this.#bytes -= old.length;
    }
  }
}
