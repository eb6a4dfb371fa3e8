import type { GroupSummary } from '../../../contract/schemas/groups.ts';

// The paywall of a private group (SPEC §4 mustPay). Placeholder until it lands (issue 12); GroupChat renders it in
// place of the conversation when the user must pay.
export function GroupPaywall(_props: { group: GroupSummary }) {
  return null;
}
