import '../i18n/betting-catalog.ts';
import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link, useParams } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { REFRESH_LISTS_MS } from '../../contract/limits.ts';
import { normalizeUsername } from '../../contract/normalize.ts';
import { profileAtom, profileMetaAtom, refreshProfileAtom, type ProfileOutcome } from '../state/profile.ts';
import { sessionUserAtom } from '../state/session.ts';
import { onlineAtom } from '../state/network.ts';
import { PENDING } from '../state/live-atom.ts';
import { useRefreshWhileVisible } from '../components/use-refresh-while-visible.ts';
import { LastUpdated } from '../components/LastUpdated.tsx';
import { ProfileHeader } from '../components/profile/ProfileHeader.tsx';
import { ProfileLists } from '../components/profile/ProfileLists.tsx';
import '../components/betting/betting.css';
import '../components/profile/profile.css';
import { RewardButton } from '../components/rewards/RewardButton.tsx';
import { ReportButton } from '../components/moderation/ReportButton.tsx';
import { RecordPanel } from '../components/record/RecordPanel.tsx';
import { brand } from '../i18n/brand.ts';
import { shownHandle } from '../../contract/official-account.ts';

/** A handle from the address; a malformed escape (%E0%A4%A) is taken as written rather than breaking the page. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * /{nomeUsuario} (SPEC §2, §3 User, §7 Profile): someone's profile with follow, unfollow and Mensagem, or one's own
 * with a link to settings, and the verified record; readable offline once seen. An unknown handle gets its own
 * page.
 */
export default function Profile() {
  const params = useParams<{ nomeUsuario: string }>();
  const handle = normalizeUsername(safeDecode(params.nomeUsuario ?? ''));
  const self = useAtomValue(sessionUserAtom);
  const own = self?.nomeUsuario === handle;
  const profile = useAtomValue(profileAtom(handle));
  const meta = useAtomValue(profileMetaAtom(handle, own));
  const online = useAtomValue(onlineAtom);
  const refresh = useSetAtom(refreshProfileAtom);
  const [outcome, setOutcome] = useState<{ handle: string; result: ProfileOutcome } | null>(null);

  useRefreshWhileVisible(online && handle !== '', REFRESH_LISTS_MS, `${handle}:${self?.id ?? ''}`, (isCurrent) =>
    void refresh(handle).then((result) => {
      if (isCurrent()) setOutcome({ handle, result });
    }),
  );

  const result = outcome?.handle === handle ? outcome.result : null;
  if (handle === '' || result === 'missing') {
    return (
      <section className="page profile-missing">
        <h1 className="page-title">
          <Trans>Este perfil não existe</Trans>
        </h1>
        <p>
          <Trans>Não encontrámos ninguém com o nome de utilizador @{handle}. Verifique o endereço ou procure na comunidade.</Trans>
        </p>
        <Link href="/explorar" className="button">
          <Trans>Ir para Explorar</Trans>
        </Link>
      </section>
    );
  }

  const shown = profile === PENDING ? undefined : profile;
  const metaRow = meta === PENDING ? undefined : meta;
  return (
    <section className="page profile-page">
      {shown ? (
        <>
          <ProfileHeader profile={shown}>
            <RewardButton recipient={{ id: shown.id, nomeUsuario: shown.nomeUsuario }} />
            {!shown.own && <ReportButton tipo="usuario" id={shown.id} />}
          </ProfileHeader>
          {metaRow && <LastUpdated at={metaRow.refreshedAt} error={metaRow.error} />}
          <RecordPanel record={shown.registo} />
          <ProfileLists profile={shown} />
        </>
      ) : profile === PENDING || (online && result === null) ? (
        <span className="spinner-small" aria-hidden="true" />
      ) : (
        <>
          <h1 className="page-title">@{shownHandle(handle, brand.locale)}</h1>
          <p className="notice">
            {online ? (
              <Trans>Não foi possivel carregar este perfil.</Trans>
            ) : (
              <Trans>Este perfil ainda não foi guardado neste telemóvel. Liga-te à internet para o ver.</Trans>
            )}
          </p>
        </>
      )}
    </section>
  );
}
