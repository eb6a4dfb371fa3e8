import type { ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';

/**
 * A registered route whose screen is not built yet: its title and an honest notice (docs/screens.md), then whatever
 * of it already works (`children`).
 */
export function NotAvailable({ title, children }: { title: MessageDescriptor; children?: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <section className="page">
      <h1 className="page-title">{i18n._(title)}</h1>
      <p className="notice">
        <Trans>Este ecrã ainda não está disponível nesta versão da aplicação.</Trans>
      </p>
      {children}
    </section>
  );
}
