import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { Logo } from './Logo.tsx';
import type { Brand } from '../../contract/brands.ts';
import { brand as hostBrand } from '../i18n/brand.ts';

/**
 * SPEC §2: the landing page's content, no app shell. It reads no state, so start-up can paint it before the store and
 * the rest of the app have loaded (app/start.tsx); routes/Landing.tsx adds the signed-in visitor's redirect. The build
 * renders it for each brand (app/landing-markup.tsx), so a first visit shows it before any JavaScript has arrived.
 */
export function LandingPage({ brand = hostBrand }: { brand?: Pick<Brand, 'name' | 'icon'> }) {
  return (
    <div className="landing">
      <header className="landing-head">
        <Logo size={40} brand={brand} />
        <Link href="/login" className="button button-small">
          <Trans>Entrar</Trans>
        </Link>
      </header>
      <main className="landing-main">
        <h1>{brand.name}</h1>
        <p className="landing-lead">
          <Trans>Bate fichas de futebol, guarda-as e partilha-as com quem percebe de bola.</Trans>
        </p>
        <div className="row">
          <Link href="/login?tab=signUp" className="button">
            <Trans>Criar conta</Trans>
          </Link>
          <Link href="/login" className="button button-secondary">
            <Trans>Entrar</Trans>
          </Link>
        </div>
      </main>
    </div>
  );
}
