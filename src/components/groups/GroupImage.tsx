import { useLingui } from '@lingui/react/macro';
import { SaverImage } from '../SaverImage.tsx';

/** A group's picture: its image (held behind a tap with the data saver on), or its initial. */
export function GroupImage({ nome, imagem, size = 'list' }: { nome: string; imagem: string | null; size?: 'list' | 'head' }) {
  const { t } = useLingui();
  const className = `grp-image grp-image-${size}`;
  if (imagem) return <SaverImage src={imagem} alt="" className={className} label={t`Ver imagem`} />;
  return (
    <span className={`${className} grp-initial`} aria-hidden="true">
      {[...nome.trim()][0]?.toUpperCase() ?? '#'}
    </span>
  );
}
