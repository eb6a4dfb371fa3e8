import { SaverImage } from '../SaverImage.tsx';
import { useLingui } from '@lingui/react/macro';

/** The profile's photo behind the data saver (a tap fetches it), or the name's initial when there is none. */
export function ProfilePhoto({ nome, fotografia }: { nome: string; fotografia: string | null }) {
  const { t } = useLingui();
  if (fotografia) return <SaverImage src={fotografia} alt={t`Fotografia de ${nome}`} className="profile-photo" label={t`Ver fotografia`} />;
  return (
    <span className="profile-photo profile-initial" aria-hidden="true">
      {nome.slice(0, 1).toUpperCase()}
    </span>
  );
}
