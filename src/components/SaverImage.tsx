import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Trans } from '@lingui/react/macro';
import { dataSaverAtom } from '../state/data-saver.ts';

/**
 * A photo or message image. With the data saver on it is not fetched until tapped: a button of the image's size
 * says so. Every photo and message image of the app goes through here.
 */
export function SaverImage({ src, alt, className, label }: { src: string; alt: string; className?: string; label?: string }) {
  const saver = useAtomValue(dataSaverAtom);
  const [asked, setAsked] = useState(false);
  if (saver && !asked && !src.startsWith('data:')) {
    return (
      <button type="button" className={`saver-image ${className ?? ''}`} onClick={() => setAsked(true)}>
        {label ?? <Trans>Ver imagem</Trans>}
      </button>
    );
  }
  return <img src={src} alt={alt} className={className} loading="lazy" decoding="async" />;
}
