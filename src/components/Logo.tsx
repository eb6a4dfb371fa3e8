import { brand } from '../i18n/brand.ts';

export function Logo({ size = 32 }: { size?: number }) {
  return (
    <span className="logo">
      <img src={`/icons/${brand.icon}-192.png`} width={size} height={size} alt="" />
      <span className="logo-name">{brand.name}</span>
    </span>
  );
}
