import { describe, expect, it } from 'vitest';
import type { CommunityUser, ExploreSelection } from '../../../contract/schemas/explore.ts';
import { folded, narrowed, tipMatches, userMatches } from '../../../src/components/explore/search-tag.ts';

// SPEC §2 searchTag: Explore's lists narrowed to what mentions the tag, accents and case aside.

const tip = (home: string, away: string, tournament: string) =>
  ({
    event_competitors: [
      { identifier: 'home', name: home },
      { identifier: 'away', name: away },
    ],
    event_tournament: { id: 't', name: tournament },
  }) as unknown as ExploreSelection;

const user = (nome: string, nomeUsuario: string) => ({ nome, nomeUsuario }) as unknown as CommunityUser;

describe('searchTag', () => {
  it('folds case and accents', () => {
    expect(folded('  São Salvador ')).toBe('sao salvador');
  });

  it('finds a tip by either team or its competition', () => {
    const tips = [tip('Petro de Luanda', '1º de Agosto', 'Girabola'), tip('Benfica', 'Porto', 'Liga Portugal')];
    expect(narrowed(tips, folded('petro'), tipMatches)).toEqual([tips[0]]);
    expect(narrowed(tips, folded('PORTO'), tipMatches)).toEqual([tips[1]]);
    expect(narrowed(tips, folded('girabola'), tipMatches)).toEqual([tips[0]]);
    expect(narrowed(tips, folded('nada'), tipMatches)).toEqual([]);
  });

  it('finds people by name or username, and leaves the list whole without a tag', () => {
    const users = [user('Ana Bela', 'anabela'), user('João Gomes', 'jgomes')];
    expect(narrowed(users, folded('joao'), userMatches)).toEqual([users[1]]);
    expect(narrowed(users, folded('anabela'), userMatches)).toEqual([users[0]]);
    expect(narrowed(users, '', userMatches)).toEqual(users);
  });
});
