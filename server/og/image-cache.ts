import { LRUCache } from 'lru-cache';

// The rendered og:images, in memory: keyed by the fingerprint of everything an image shows (server/og/slip-preview.ts
// previewVersion), so a slip that settles, a leg that gets its result or a record that moves is drawn again, and an
// unchanged slip is drawn once. Bounded by count and bytes, least recently used first out (lru-cache); one render per
// key at a time (a link pasted into a busy group is fetched by every phone at once).

interface ImageCacheLimits {
  entries: number;
  bytes: number;
}

export class ImageCache {
  readonly #images: LRUCache<string, Buffer>;
  readonly #rendering = new Map<string, Promise<Buffer>>();

  constructor(limits: ImageCacheLimits = { entries: 200, bytes: 32_000_000 }) {
    // An image larger than `bytes` is refused by the cache (its maxEntrySize is maxSize): drawn, never kept.
    this.#images = new LRUCache({ max: limits.entries, maxSize: limits.bytes, sizeCalculation: (image) => Math.max(1, image.length) });
  }

  async get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.#images.get(key);
    if (hit) return hit;
    const running = this.#rendering.get(key);
    if (running) return running;
    const job = render()
      .then((image) => {
        this.#images.set(key, image);
        return image;
      })
      .finally(() => this.#rendering.delete(key));
    this.#rendering.set(key, job);
    return job;
  }
}
