import { useLingui } from '@lingui/react/macro';

export function FullScreenSpinner() {
  const { t } = useLingui();
  return (
    <div className="boot" role="progressbar" aria-busy="true" aria-label={t`A carregar`}>
      <i />
    </div>
  );
}
