import { useEffect, useState } from 'react';
import { useSetAtom } from 'jotai';
import { useLingui } from '@lingui/react';
import { Plural, Trans } from '@lingui/react/macro';
import { measureStoreSizeAtom, type StoreSize } from '../state/storage.ts';
import { formatMegabytes } from '../lib/format.ts';

/** How much this phone keeps for the app. */
export function StoreSizeNote() {
  const measure = useSetAtom(measureStoreSizeAtom);
  const [size, setSize] = useState<StoreSize | null>(null);
  const { i18n } = useLingui();
  useEffect(() => {
    let current = true;
    void measure().then((measured) => {
      if (current) setSize(measured);
    });
    return () => {
      current = false;
    };
  }, [measure]);
  if (!size) return null;
  const megabytes = size.bytes === null ? null : formatMegabytes(size.bytes, i18n.locale);
  return (
    <p className="muted" data-testid="store-size">
      <Trans>Dados guardados neste telemóvel:</Trans> {megabytes !== null && <>{megabytes} · </>}
      <Plural value={size.rows} one="# registo" other="# registos" />
    </p>
  );
}
