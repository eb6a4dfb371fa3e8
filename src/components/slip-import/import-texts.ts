import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { NotFoundReason } from '../../../contract/slip-import/types.ts';
import type { LeftOutReason } from '../../../contract/draft-slip.ts';

// Why a leg of an imported tip was not found, or was left out of the slip (docs/decisions.md "Importing a tip").

const NOT_FOUND: Record<NotFoundReason, MessageDescriptor> = {
  'no-teams': msg`Não encontrámos as duas equipas nesta linha.`,
  'no-event': msg`Nenhum jogo destas equipas nos próximos 7 dias.`,
  started: msg`Este jogo já começou ou terminou.`,
  combined: msg`Aposta combinada: não temos estas apostas numa só selecção.`,
  'unknown-market': msg`Não temos este mercado.`,
  'missing-pick': msg`Falta a aposta (1, X, 2, Mais de 2.5…).`,
  'not-offered': msg`Este jogo não tem esta aposta aberta agora.`,
  'no-prices': msg`Os preços deste mercado ainda não estão no telemóvel: liga-te à internet.`,
};

export function notFoundText(i18n: I18n, reason: NotFoundReason): string {
  return i18n._(NOT_FOUND[reason]);
}

const LEFT_OUT: Record<LeftOutReason, MessageDescriptor> = {
  'in-slip': msg`este jogo já está na ficha`,
  limit: msg`a ficha chegou ao limite de selecções`,
  'not-pending': msg`este jogo já começou`,
};

export function leftOutText(i18n: I18n, reason: LeftOutReason): string {
  return i18n._(LEFT_OUT[reason]);
}
