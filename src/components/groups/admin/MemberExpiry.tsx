import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ANGOLA_TIME_ZONE } from '../../../../contract/angola-time.ts';
import { expiryStatus } from '../../../../contract/validation/groups.ts';

const DAY_MS = 86_400_000;

/**
 * The end of a member's paid period with its colour (SPEC §4: red expired or invalid, orange 3 days or fewer, green
 * otherwise), said in words as well, so the colour is never the only sign.
 */
export function MemberExpiry({ expiraEm, now }: { expiraEm: string | null; now: number }) {
  const { i18n } = useLingui();
  const status = expiryStatus(expiraEm, now);
  let text;
  switch (status.state) {
    case 'invalid':
      text = <Trans>Sem subscrição válida</Trans>;
      break;
    case 'expired':
      text = <Trans>Expirou</Trans>;
      break;
    case 'soon': {
      const days = Math.max(1, Math.ceil(status.msLeft / DAY_MS));
      text = <Plural value={days} one="Expira em # dia" other="Expira em # dias" />;
      break;
    }
    case 'valid': {
      const date = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: ANGOLA_TIME_ZONE }).format(status.expiresAt);
      text = <Trans>Válido até {date}</Trans>;
      break;
    }
  }
  return (
    <span className={`member-expiry expiry-${status.colour}`} data-colour={status.colour}>
      <span className="expiry-dot" aria-hidden="true" />
      {text}
    </span>
  );
}
