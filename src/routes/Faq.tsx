import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';
import '../components/faq/faq-catalog.ts';
import '../components/faq/faq.css';
import { FaqSections } from '../components/faq/FaqSections.tsx';

/** /faq: the product's questions and answers; open signed out and, after one visit, offline. */
export default function Faq() {
  return (
    <section className="page">
      <h1 className="page-title">
        <Trans>Perguntas frequentes</Trans>
      </h1>
      <p className="faq-intro">
        <Trans>Toca numa pergunta para ver a resposta.</Trans>
      </p>
      <FaqSections />
      <p className="faq-links">
        <Link href="/cliline">
          <Trans>Créditos: o software livre que usamos</Trans>
        </Link>
      </p>
    </section>
  );
}
