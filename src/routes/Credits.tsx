import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';
import '../components/faq/faq-catalog.ts';
import '../components/faq/faq.css';
import { CreditsList } from '../components/faq/CreditsList.tsx';

/** /cliline: every open-source package the shipped app and server use, with its licence (written by the build). */
export default function Credits() {
  return (
    <section className="page">
      <h1 className="page-title">
        <Trans>Créditos</Trans>
      </h1>
      <p className="faq-intro">
        <Trans>
          Esta aplicação e o seu servidor são feitos com software livre. Agradecemos a quem escreve e mantém estes
          pacotes; cada um é usado nos termos da sua licença.
        </Trans>
      </p>
      <CreditsList />
      <p className="faq-links">
        <Link href="/faq">
          <Trans>Perguntas frequentes</Trans>
        </Link>
      </p>
    </section>
  );
}
