import { MSG } from '../../../contract/messages.ts';

/**
 * The message for a new password that breaks a rule: too short is 'Verifica a tua palavra passe' (SPEC §5 for a
 * password under 8 characters), a confirmation that differs keeps the contract's own message.
 */
export function passwordRuleMessage(field: string, message: string): string {
  return field === 'password' ? MSG.loginPassword : message;
}
