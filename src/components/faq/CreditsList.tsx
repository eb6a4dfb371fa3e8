import { useEffect, useState } from 'react';
import { Plural, Trans } from '@lingui/react/macro';
import { groupByLicence, loadCredits, type LicenceGroup } from './credits-data.ts';

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; total: number; groups: LicenceGroup[] };

/** The packages grouped by licence, each group with its count. */
export function CreditsList() {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    loadCredits().then(
      (credits) => {
        if (current) setLoaded({ state: 'ready', total: credits.length, groups: groupByLicence(credits) });
      },
      () => {
        if (current) setLoaded({ state: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, []);

  if (loaded.state === 'loading') return null;
  if (loaded.state === 'failed') {
    return (
      <p className="notice">
        <Trans>A lista de créditos ainda não foi guardada neste telemóvel. Liga-te à internet para a ver.</Trans>
      </p>
    );
  }
  return (
    <>
      <p>
        <Plural value={loaded.total} one="# pacote de software livre" other="# pacotes de software livre" />
      </p>
      {loaded.groups.map((group, index) => (
        <section key={group.license} className="credits-group" aria-labelledby={`licence-${index}`}>
          <h2 className="faq-section-title" id={`licence-${index}`}>
            {group.license}{' '}
            <span className="credits-version">
              <Plural value={group.packages.length} one="(# pacote)" other="(# pacotes)" />
            </span>
          </h2>
          <ul className="credits-list">
            {group.packages.map((pkg) => (
              <li key={`${pkg.name}@${pkg.version}`}>
                {pkg.url ? (
                  <a href={pkg.url} target="_blank" rel="noopener noreferrer">
                    {pkg.name}
                  </a>
                ) : (
                  pkg.name
                )}{' '}
                <span className="credits-version">{pkg.version}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
