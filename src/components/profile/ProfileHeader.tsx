import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProfileView } from '../../state/profile.ts';
import { brand } from '../../i18n/brand.ts';
import { formatKz } from '../../lib/format.ts';
import { TrendArrow } from '../betting/TrendArrow.tsx';
import { Icon } from '../Icon.tsx';
import { FollowButton } from './FollowButton.tsx';
import { ProfilePhoto } from './ProfilePhoto.tsx';
import { displayHandle } from './display-handle.ts';

/** Who this is (photo, name, verified badge, handle), their banca with its trend, and what one can do here. */
/** `children`: the screen's further actions on this person (Recompensar, Denunciar), in the same row as Seguir and Mensagem. */
export function ProfileHeader({ profile, children }: { profile: ProfileView; children?: ReactNode }) {
  const { t } = useLingui();
  return (
    <header className="profile-head">
      <div className="profile-who">
        <ProfilePhoto nome={profile.nome || profile.nomeUsuario} fotografia={profile.fotografia} />
        <div className="profile-id">
          <h1 className="profile-name">
            <span>{profile.nome || profile.nomeUsuario}</span>
            {profile.verified && (
              <span className="verified" role="img" aria-label={t`Verificado`} title={t`Verificado`}>
                <Icon name="check" inline size={12} />
              </span>
            )}
          </h1>
          <p className="profile-handle">@{displayHandle(profile, brand.locale)}</p>
        </div>
      </div>
      {profile.banca && (
        <p className="profile-banca">
          <span className="muted">
            <Trans>Banca</Trans>
          </span>{' '}
          <strong>{formatKz(profile.banca.amount)}</strong>
          <TrendArrow trend={profile.banca.trend} />
        </p>
      )}
      <div className="profile-actions">
        {profile.own ? (
          <Link href="/dashboard/conta" className="button button-secondary">
            <Trans>Editar perfil</Trans>
          </Link>
        ) : (
          <>
            <FollowButton profile={profile} />
            <Link href={`/dashboard/comunidade/conversas/${encodeURIComponent(profile.nomeUsuario)}`} className="button button-secondary">
              <Trans>Mensagem</Trans>
            </Link>
          </>
        )}
        {children}
      </div>
    </header>
  );
}
