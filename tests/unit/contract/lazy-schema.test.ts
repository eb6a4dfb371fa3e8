import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from '../../../contract/lazy-schema.ts';

describe('lazySchema (schemas built when first used)', () => {
  it('builds the schema on its first use only, once', () => {
    let builds = 0;
    const Name = lazySchema(() => {
      builds += 1;
      return z.string().min(2);
    });
    expect(builds).toBe(0);
    expect(Name.safeParse('ab').success).toBe(true);
    expect(Name.safeParse('a').success).toBe(false);
    expect(builds).toBe(1);
  });

  it('stands for the schema: nested in another, optional, instanceof, its shape and enum values', () => {
    const Role = lazySchema(() => z.enum(['usuario', 'moderador']));
    const User = lazySchema(() => z.object({ id: z.string(), role: Role, nick: z.string().nullish() }));
    const Page = z.object({ users: z.array(User), first: User.optional() });
    type PageValue = z.infer<typeof Page>;
    const value: PageValue = { users: [{ id: '1', role: 'usuario' }] };
    expect(Page.parse(value)).toEqual(value);
    const refused = Page.safeParse({ users: [{ id: '1', role: 'admin' }] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['users', 0, 'role']);
    expect(User instanceof z.ZodObject).toBe(true);
    expect(Object.keys(User.shape)).toEqual(['id', 'role', 'nick']);
    expect(Role.options).toEqual(['usuario', 'moderador']);
    expect(User.extend({ age: z.number() }).parse({ id: '2', role: 'moderador', age: 3 })).toEqual({ id: '2', role: 'moderador', age: 3 });
  });

  it('keeps the schema’s errors: a parse that fails throws zod’s own error', () => {
    const Count = lazySchema(() => z.number().int());
    expect(() => Count.parse(1.5)).toThrow(z.ZodError);
  });
});
