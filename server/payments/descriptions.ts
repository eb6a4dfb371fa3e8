import type { Locale } from '../../contract/brands.ts';
import type { GroupPlanName } from '../../contract/schemas/groups.ts';
import { shownHandle } from '../../contract/official-account.ts';

// What a payment is for, as its EMIS page shows it (server/payments/page.ts): written in the language of the host
// the payment was started on, where its payer pays it.

const GROUP_PLAN: Record<Locale, Record<GroupPlanName, string>> = {
  pt: { semanal: 'semanal', mensal: 'mensal', anual: 'anual' },
  en: { semanal: 'Weekly', mensal: 'Monthly', anual: 'Yearly' },
};

const LICENCE_PLAN: Record<Locale, Record<'mensal' | 'trimestral' | 'anual', string>> = {
  pt: { mensal: 'Subscrição mensal', trimestral: 'Subscrição trimestral', anual: 'Subscrição anual' },
  en: { mensal: 'Monthly subscription', trimestral: 'Quarterly subscription', anual: 'Yearly subscription' },
};

export function groupPlanDescription(locale: Locale, plano: GroupPlanName, grupo: string): string {
  const plan = GROUP_PLAN[locale][plano];
  return locale === 'en' ? `${plan} subscription to the group ${grupo}` : `Subscrição ${plan} do grupo ${grupo}`;
}

export function licencePlanDescription(locale: Locale, plano: 'mensal' | 'trimestral' | 'anual'): string {
  return LICENCE_PLAN[locale][plano];
}

export function rewardDescription(locale: Locale, nomeUsuario: string): string {
  const handle = shownHandle(nomeUsuario, locale);
  return locale === 'en' ? `Reward for @${handle}` : `Recompensa para @${handle}`;
}
