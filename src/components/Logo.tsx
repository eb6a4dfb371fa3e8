import type { Brand } from '../../contract/brands.ts';
import { brand as hostBrand } from '../i18n/brand.ts';

/** The brand's icon and name; `brand` is this host's unless given (the build prerenders each brand's landing page). */
export function Logo({ size = 32, brand = hostBrand }: { size?: number; brand?: Pick<Brand, 'name' | 'icon'> }) {
  return (
    <span className="logo">
      <img src={`/icons/${brand.icon}-192.png`} width={size} height={size} alt="" />
      <span className="logo-name">{brand.name}</span>
    </span>
  );
}
