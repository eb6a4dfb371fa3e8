import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';

/** A registered route whose screen belongs to a later issue: its title and an honest notice (docs/screens.md). */
export function NotAvailable({ title }: { title: MessageDescriptor }) {
  const { i18n } = useLingui();
  return (
    <section className="page">
      <h1 className="page-title">{i18n._(title)}</h1>
      <p className="notice">
        <Trans>Este ecrã ainda não está disponível nesta versão da aplicação.</Trans>
      </p>
    </section>
  );
}
