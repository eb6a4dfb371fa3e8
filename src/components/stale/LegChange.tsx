import { Trans, useLingui } from '@lingui/react/macro';
import type { LegCheck } from '../../../contract/staleness.ts';
import { formatOdds } from '../../lib/format.ts';
import { Icon } from '../Icon.tsx';

/** A change in percent as people read it: +10%, −8,1% (one decimal at most, the page's decimal mark). */
export function formatChange(percent: number, locale: string): string {
  return `${new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'pt-PT', { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(percent)}%`;
}

/** One leg's line of the stale-slip check: what changed since the slip was made, a leg without a result included. */
export function LegChange({ check }: { check: LegCheck }) {
  const { i18n } = useLingui();
  let text;
  switch (check.kind) {
    case 'open':
      // An older copy (no market reading): nothing to say beyond what the leg shows.
      if (!check.verified) return null;
      text = <Trans>Aberta, mesma odd</Trans>;
      break;
    case 'moved': {
      const then = formatOdds(check.then);
      const now = formatOdds(check.now);
      const change = formatChange(check.percent, i18n.locale);
      text = (
        <>
          <Icon name={check.direction} inline size={12} />
          {check.direction === 'up' ? (
            <Trans>
              Odd subiu: {then} → {now} ({change})
            </Trans>
          ) : (
            <Trans>
              Odd desceu: {then} → {now} ({change})
            </Trans>
          )}
        </>
      );
      break;
    }
    case 'started': {
      const minute = check.minute;
      if (check.status === 'HT') text = <Trans>Começou · intervalo</Trans>;
      else if (check.status === 'FT') text = <Trans>Terminou · à espera do resultado</Trans>;
      else if (minute !== null) text = <Trans>Começou · minuto {minute}</Trans>;
      else text = <Trans>Já começou</Trans>;
      break;
    }
    case 'settled':
      if (check.result === 'won') text = <Trans>Terminou: ganhou</Trans>;
      else if (check.result === 'lost') text = <Trans>Terminou: perdeu</Trans>;
      else text = <Trans>Anulada: não conta para o multiplicador</Trans>;
      break;
    case 'closed':
      text = <Trans>Mercado fechado</Trans>;
      break;
    case 'no-result':
      text = check.reason === 'unknown-event' ? <Trans>Sem resultado: o jogo já não está na lista de jogos</Trans> : <Trans>Sem resultado um dia depois do início</Trans>;
      break;
  }
  const tone = check.kind === 'moved' ? `moved-${check.direction}` : check.kind;
  return <p className={`leg-change leg-change-${tone}`}>{text}</p>;
}
