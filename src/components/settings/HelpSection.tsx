import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';

/** Where the answers are: the FAQ and the credits, both readable offline. */
export function HelpSection() {
  return (
    <section className="settings-section" aria-labelledby="settings-help">
      <h2 className="section-title" id="settings-help">
        <Trans>Ajuda</Trans>
      </h2>
      <ul className="settings-links">
        <li>
          <Link href="/faq">
            <Trans>Perguntas frequentes</Trans>
          </Link>
        </li>
        <li>
          <Link href="/cliline">
            <Trans>Créditos</Trans>
          </Link>
        </li>
      </ul>
    </section>
  );
}
