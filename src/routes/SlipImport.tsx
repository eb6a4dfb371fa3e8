import { useEffect, useId, useRef } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { SLIP_IMPORT_PATH } from '../../contract/slip-import/paths.ts';
import { angolaDayTime } from '../lib/format.ts';
import { ImportedLegRow } from '../components/slip-import/ImportedLegRow.tsx';
import { AddImported } from '../components/slip-import/AddImported.tsx';
import { useTipImport } from '../components/slip-import/use-tip-import.ts';
import { sharedText, ownSlipPath } from '../components/slip-import/shared-text.ts';
import '../components/betting/betting.css';
import '../components/slip-import/slip-import.css';

/**
 * /dashboard/fichas/importar: a tip's text (pasted, or shared from WhatsApp through the manifest's share_target) read
 * leg by leg and matched against the fixtures on the phone, reviewed, then added to the slip builder.
 */
export default function SlipImport() {
  const { t, i18n } = useLingui();
  const search = useSearch();
  const [, navigate] = useLocation();
  const tipImport = useTipImport();
  const boxId = useId();
  const { ready, setText } = tipImport;
  const handled = useRef('');

  // Shared from another app: a link to one of our own slips opens that slip; any other text fills the box.
  useEffect(() => {
    if (!ready || handled.current === search) return;
    handled.current = search;
    const shared = sharedText(new URLSearchParams(search));
    if (shared === null) return;
    const slip = ownSlipPath(shared, location.origin);
    if (slip) {
      navigate(slip, { replace: true });
      return;
    }
    setText(shared);
    navigate(SLIP_IMPORT_PATH, { replace: true });
  }, [ready, search, navigate, setText]);

  const updated = tipImport.refreshedAt > 0 ? angolaDayTime(new Date(tipImport.refreshedAt).toISOString(), i18n.locale) : '';
  const count = tipImport.fixtures;
  return (
    <section className="page slip-import">
      <Link href="/dashboard/fichas" className="back-link">
        ← <Trans>As minhas fichas</Trans>
      </Link>
      <h1 className="page-title">
        <Trans>Importar palpite</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Cola o texto de um palpite (do WhatsApp, do Telegram): encontramos cada jogo e aposta, e nada entra na ficha sem o veres aqui.
        </Trans>
      </p>
      <label htmlFor={boxId} className="import-field">
        <Trans>Cola aqui o palpite</Trans>
      </label>
      <textarea
        id={boxId}
        className="import-box"
        rows={6}
        value={tipImport.text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t`Petro de Luanda x 1º de Agosto — 1X @1.45`}
        disabled={!ready}
      />
      <p className="last-updated" role="status">
        {updated ? <Trans>Jogos actualizados: {updated} · {count} jogos no telemóvel</Trans> : <Trans>Ainda não há jogos no telemóvel.</Trans>}
      </p>
      {tipImport.legs.length > 0 && (
        <>
          <h2 className="section-title">
            <Trans>Selecções do palpite</Trans>
          </h2>
          <ol className="import-legs" aria-label={t`Selecções do palpite`}>
            {tipImport.legs.map((leg) => (
              <ImportedLegRow key={leg.key} leg={leg} onChoose={(fixtureId) => tipImport.choose(leg.key, fixtureId)} />
            ))}
          </ol>
          {/* A new text is a new tip: what was said of the last one goes. */}
          <AddImported key={tipImport.text} legs={tipImport.legs} codes={tipImport.tip.bookingCodes} stake={tipImport.tip.stake} />
        </>
      )}
      {tipImport.text.trim() !== '' && tipImport.legs.length === 0 && (
        <p className="notice">
          <Trans>Não encontrámos nenhum jogo neste texto. Escreve uma selecção por linha: «Equipa A x Equipa B — aposta @odd».</Trans>
        </p>
      )}
    </section>
  );
}
