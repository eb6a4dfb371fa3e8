import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ownSlipPath, sharedText } from '../../../src/components/slip-import/shared-text.ts';
import { TIP_TEXT_MAX } from '../../../contract/limits.ts';
import { readTipImport } from '../../../src/state/slip-import.ts';

describe('what another app shares with the tip importer (the manifest share_target)', () => {
  it('joins title, text and url once each, in that order; nothing shared is null', () => {
    expect(sharedText(new URLSearchParams(''))).toBeNull();
    expect(sharedText(new URLSearchParams({ text: '  ' }))).toBeNull();
    expect(sharedText(new URLSearchParams({ title: 'Palpite', text: 'Petro x Agosto 1' }))).toBe('Palpite\nPetro x Agosto 1');
    // WhatsApp repeats the title inside the text, and the link inside the text.
    expect(sharedText(new URLSearchParams({ title: 'Petro x Agosto 1', text: 'Petro x Agosto 1 https://x.ao/a', url: 'https://x.ao/a' }))).toBe(
      'Petro x Agosto 1\nPetro x Agosto 1 https://x.ao/a',
    );
    expect(sharedText(new URLSearchParams({ text: 'a'.repeat(TIP_TEXT_MAX * 3) }))?.length).toBe(TIP_TEXT_MAX);
  });

  it('finds a link to one of our own public slips on this origin only', () => {
    const origin = 'http://localhost:8080';
    expect(ownSlipPath('Vê a minha ficha http://localhost:8080/demo/fichas/abc123 👀', origin)).toBe('/demo/fichas/abc123');
    expect(ownSlipPath('http://localhost:8080/demo/fichas/abc123/', origin)).toBe('/demo/fichas/abc123');
    // Another site, the owner's own address of a slip, or no slip at all: only text.
    expect(ownSlipPath('https://evil.example/demo/fichas/abc123', origin)).toBeNull();
    expect(ownSlipPath('http://localhost:8080/dashboard/fichas/abc123', origin)).toBeNull();
    expect(ownSlipPath('http://localhost:8080/explorar', origin)).toBeNull();
    expect(ownSlipPath('Petro x Agosto 1 @1.45', origin)).toBeNull();
    expect(ownSlipPath('http://[::1', origin)).toBeNull();
  });
});

describe('the stored tip (kv tipImport), read back', () => {
  it('starts empty rather than crash on a record of another shape, and keeps what is sound', () => {
    for (const bad of [null, undefined, 5, 'texto', [], { text: 5 }, { text: ['a'] }, { chosen: 'x' }]) expect(readTipImport(bad)).toEqual({ text: '', chosen: {} });
    expect(readTipImport({ text: 'Petro x Agosto 1', chosen: { '0:Petro x Agosto 1': 'e1', '0:b': null, '0:c': 7, '0:d': { id: 1 } } })).toEqual({
      text: 'Petro x Agosto 1',
      chosen: { '0:Petro x Agosto 1': 'e1', '0:b': null },
    });
    expect(readTipImport({ text: 'a'.repeat(TIP_TEXT_MAX + 10), chosen: [] }).text).toHaveLength(TIP_TEXT_MAX);
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`${index}:x`, 'e']));
    expect(Object.keys(readTipImport({ text: '', chosen: many }).chosen)).toHaveLength(200);
  });
});
