import type { Conta, Role } from '../db/schema.ts';

export interface DemoUser {
  nome: string;
  nomeUsuario: string;
  email: string;
  telefone: string;
  password: string;
  role: Role;
  conta: Conta | null;
  /** What the account is for, printed next to its login. */
  label: string;
}

// Known passwords on purpose: these accounts exist only to try the product (printed by main.ts, listed in README).
export const DEMO_USERS: readonly DemoUser[] = [
  {
    nome: 'Utilizador Demo',
    nomeUsuario: 'demo',
    email: 'demo@fichas.ao',
    telefone: '923000001',
    password: 'demo12345',
    role: 'usuario',
    conta: null,
    label: 'usuario',
  },
  {
    nome: 'Moderador Fichas',
    nomeUsuario: 'moderador',
    email: 'moderador@fichas.ao',
    telefone: '923000002',
    password: 'moderador123',
    role: 'moderador',
    conta: null,
    label: 'moderador',
  },
  {
    nome: 'Fichas Oficial',
    nomeUsuario: 'fichasoficial',
    email: 'oficial@fichas.ao',
    telefone: '923000003',
    password: 'oficial12345',
    role: 'usuario',
    conta: 'oficial',
    label: 'conta oficial',
  },
  {
    nome: 'Analista Fichas',
    nomeUsuario: 'analista',
    email: 'analista@fichas.ao',
    telefone: '923000004',
    password: 'analista123',
    role: 'usuario',
    conta: 'privilegiada',
    label: 'conta privilegiada',
  },
];
