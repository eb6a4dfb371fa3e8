import { useLingui } from '@lingui/react/macro';
import { brand } from '../i18n/brand.ts';

/** The start-up screen; the same as the one index.html paints before the app's JavaScript arrives. */
export function FullScreenSpinner() {
  const { t } = useLingui();
  return (
    <div className="boot" role="progressbar" aria-busy="true" aria-label={t`A carregar`}>
      <img src={`/icons/${brand.icon}-192.png`} width={72} height={72} alt="" />
      <span>{brand.name}</span>
      <i />
    </div>
  );
}
