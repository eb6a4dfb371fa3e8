import { describe, expect, it } from 'vitest';
import { brandForHost, showsRewards } from '../../../contract/brands.ts';

describe('host to brand and locale (SPEC §1, DESIGN §7)', () => {
  it.each([
    ['localhost:8080', 'fichas', 'pt'],
    ['127.0.0.1:8080', 'fichas', 'pt'],
    ['pt.localhost:8080', 'fichas', 'pt'],
    ['fichas.ao', 'fichas', 'pt'],
    ['en.localhost:8080', 'slipmates', 'en'],
    ['EN.LOCALHOST', 'slipmates', 'en'],
    ['slipmates.com', 'slipmates', 'en'],
    ['unknown.example', 'fichas', 'pt'],
  ])('%s -> %s (%s)', (host, brandId, locale) => {
    const brand = brandForHost(host);
    expect(brand.id).toBe(brandId);
    expect(brand.locale).toBe(locale);
  });

  it('asks for a phone on the Angolan brand only', () => {
    expect(brandForHost('localhost').asksPhone).toBe(true);
    expect(brandForHost('en.localhost').asksPhone).toBe(false);
  });

  it('shows Recompensas on the production host and on localhost only', () => {
    expect(showsRewards('fichas.ao')).toBe(true);
    expect(showsRewards('localhost:8080')).toBe(true);
    expect(showsRewards('en.localhost:8080')).toBe(false);
    expect(showsRewards('slipmates.com')).toBe(false);
  });
});
