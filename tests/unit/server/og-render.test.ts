import { describe, expect, it } from 'vitest';
import { BRANDS } from '../../../contract/brands.ts';
import { ImageCache } from '../../../server/og/image-cache.ts';
import { renderSlipPng } from '../../../server/og/render-png.ts';
import type { SlipPreview } from '../../../server/og/slip-preview.ts';

// The og:image renderer on its own: any data a slip can hold gives a 1200×630 PNG (resvg aborts the process on a
// layout that overflows far out of the frame, so hostile lengths must never reach it), and the cache's bounds.

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const leg = (name: string, betStatus: SlipPreview['legs'][number]['betStatus'] = 'pending') => ({
  home: name,
  away: name,
  type: 'ft_result',
  choice: 'home',
  odds: 1.85,
  betStatus,
});

const slip = (over: Partial<SlipPreview> = {}): SlipPreview => ({
  id: 'x',
  author: 'joao',
  estado: 'pending',
  valor: 1000,
  multiplicador: 3.42,
  retorno: 3420,
  settledAt: null,
  legs: [leg('Petro de Luanda'), leg('1º de Agosto', 'won')],
  record: { liquidadas: 25, taxaAcerto: 0.56, roi: 0.123, suficiente: true },
  ...over,
});

describe('og:image renderer', () => {
  it('draws any slip as a 1200×630 PNG, hostile text and numbers included', async () => {
    const names = [
      'W'.repeat(5000),
      '😀'.repeat(300),
      '中文字'.repeat(200),
      'نص عربي '.repeat(100),
      `a\u202eb\u0000c\u200f<script>alert(1)</script>&amp;"'`,
      ' ',
      '',
    ];
    const cases: SlipPreview[] = [
      slip(),
      slip({ legs: [] }),
      slip({ estado: 'failed', record: null }),
      slip({ estado: 'void', record: { liquidadas: 3, taxaAcerto: null, roi: null, suficiente: false } }),
      slip({ valor: 1e12, multiplicador: 987654.32, retorno: 1e18, legs: [{ ...leg('x'), odds: 123456.78 }] }),
      ...names.map((name) =>
        slip({ author: name, legs: Array.from({ length: 30 }, () => ({ ...leg(name, 'void'), type: name, choice: name })) }),
      ),
    ];
    for (const [index, preview] of cases.entries()) {
      const brand = index % 2 === 0 ? BRANDS.fichas : BRANDS.slipmates;
      expect(pngSize(await renderSlipPng(preview, brand))).toEqual({ width: 1200, height: 630 });
    }
  }, 120_000);

  it('keeps at most its bounds, least recently used out, and draws a key once however many ask at once', async () => {
    const cache = new ImageCache({ entries: 2, bytes: 10 });
    let draws = 0;
    const draw = (size: number) => async () => {
      draws += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return Buffer.alloc(size);
    };
    const same = await Promise.all([cache.get('a', draw(4)), cache.get('a', draw(4)), cache.get('a', draw(4))]);
    expect(draws).toBe(1);
    expect(same[0]).toBe(same[2]);
    await cache.get('b', draw(4));
    await cache.get('a', draw(4)); // a is used again: b is now the oldest
    await cache.get('c', draw(4)); // three entries: b goes
    expect(draws).toBe(3);
    await cache.get('a', draw(4));
    expect(draws).toBe(3);
    await cache.get('b', draw(4));
    expect(draws).toBe(4);
    // Bytes bound: one of 8 leaves room for nothing else of 4.
    await cache.get('big', draw(8));
    await cache.get('c', draw(4));
    expect(draws).toBe(6);
    // Larger than the whole cache: drawn, never kept.
    await cache.get('huge', draw(11));
    await cache.get('huge', draw(11));
    expect(draws).toBe(8);
  });
});
