import { useAtomValue } from 'jotai';
import { Link, Redirect } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { sessionStatusAtom } from '../state/session.ts';
import { Logo } from '../components/Logo.tsx';
import { brand } from '../i18n/brand.ts';

/** SPEC §2: the landing page has no app shell; a signed-in visitor goes on to Explore. */
export default function Landing() {
  const status = useAtomValue(sessionStatusAtom);
  if (status === 'authenticated') return <Redirect to="/explorar" replace />;
  return (
    <div className="landing">
      <header className="landing-head">
        <Logo size={40} />
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
