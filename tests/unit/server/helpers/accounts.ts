import { CsrfResponseSchema } from '../../../../contract/schemas/auth.ts';
import { hashPassword } from '../../../../server/auth/password.ts';
import { createUser, TRIAL_LICENCE } from '../../../../server/auth/users-repo.ts';
import type { Client } from './http.ts';
import type { TestServer } from './test-server.ts';

let counter = 0;

export interface TestAccount {
  id: string;
  nomeUsuario: string;
  email: string;
}

/**
 * A new ordinary account with `password`, straight in the database; its unique `nomeUsuario` starts with `prefix`.
 * `telefone` is a phone number by default (null for an account without one).
 */
export async function newAccountRow(server: TestServer, prefix: string, password: string, telefone: string | null = '923000111'): Promise<TestAccount> {
  counter += 1;
  const nomeUsuario = `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${nomeUsuario}@teste.ao`;
  const row = await createUser(
    server.db,
    { nome: 'Conta Teste', nomeUsuario, email, telefone, fotografia: null, passwordHash: await hashPassword(password), role: 'usuario', conta: null, referrerId: null },
    TRIAL_LICENCE,
  );
  return { id: row.id, nomeUsuario, email };
}

/** As newAccountRow, its `nomeUsuario` only. */
export async function newAccount(server: TestServer, prefix: string, password: string): Promise<string> {
  return (await newAccountRow(server, prefix, password)).nomeUsuario;
}

/** The Auth.js CSRF token for `client` (its cookie is kept by the client's jar). */
export async function csrf(client: Client): Promise<string> {
  return CsrfResponseSchema.parse(await (await client.request('/api/auth/csrf')).json()).csrfToken;
}
