import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';

export function NotFound() {
  return (
    <section className="page">
      <h1 className="page-title">
        <Trans>Página não encontrada</Trans>
      </h1>
      <Link href="/explorar" className="button">
        <Trans>Ir para Explorar</Trans>
      </Link>
    </section>
  );
}
