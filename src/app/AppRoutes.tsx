import { lazy, Suspense, useDeferredValue, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Route, Switch, matchRoute, useLocation } from 'wouter';
import { parse as parsePattern } from 'regexparam';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Shell } from './Shell.tsx';
import { RequireSession } from './RequireSession.tsx';
import { NotAvailable } from '../routes/NotAvailable.tsx';
import { NotFound } from '../routes/NotFound.tsx';
import Landing from '../routes/Landing.tsx';
import { bettingCatalog } from '../i18n/betting-catalog.ts';
import { withLaterCatalog } from '../i18n/later-catalog.ts';
import { asScreenLoad, ScreenLoadError, screenTry } from './screen-loads.ts';
import { ScreenBoundary } from './ScreenBoundary.tsx';
import { SLIP_IMPORT_PATH } from '../../contract/slip-import/paths.ts';

/** A screen's chunk, once the screens' shared catalog is in too (so no text renders before it). */
function withCatalog<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), bettingCatalog]).then(([module]) => module);
}

const Login = lazy(withCatalog(() => import('../routes/Login.tsx')));

/**
 * A screen's chunk: tried once more at once when it fails online (a dropped request); a second failure online may mean
 * a new version replaced it, which moves the app to that version (app/register-sw.ts). What still fails is a
 * ScreenLoadError, which the shell's screen boundary shows as "needs a connection" rather than the crash page.
 */
function loadScreen(load: () => Promise<{ default: ComponentType }>): Promise<{ default: ComponentType }> {
  return asScreenLoad(async () => {
    try {
      return await withCatalog(load)();
    } catch (first: unknown) {
      if (!navigator.onLine) throw new ScreenLoadError(first);
      try {
        return await withCatalog(load)();
      } catch (second: unknown) {
        if (navigator.onLine) void import('./register-sw.ts').then((worker) => worker.recoverFromMissingChunk());
        throw new ScreenLoadError(second);
      }
    }
  });
}

/**
 * A lazy screen that can also be fetched ahead (on a link's first touch or focus, or as the app starts), keeping its
 * loader. One whose chunk has already loaded renders at once, in the same commit as the shell, instead of suspending
 * once more (React.lazy always suspends on its first render): the first screen does not wait for a frame of fallback.
 * React.lazy keeps a failure for good (and React may render it more than once before the error boundary shows), so a
 * failed screen gets a new lazy component only on its first mount after the boundary has cleared the failure.
 */
type Screen = ComponentType & { load: () => Promise<unknown> };
function screen(load: () => Promise<{ default: ComponentType }>): Screen {
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  let failed = false;
  const loadOnce = (): Promise<{ default: ComponentType }> =>
    (loading ??= loadScreen(load).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = null;
        failed = true;
        throw error;
      },
    ));
  let Lazy = lazy(loadOnce);
  let lazyTry = screenTry();
  const current = (): ComponentType => {
    if (loaded) return loaded;
    if (failed && lazyTry !== screenTry()) {
      Lazy = lazy(loadOnce);
      lazyTry = screenTry();
      failed = false;
    }
    return Lazy;
  };
  function LoadedOrLazy() {
    // Chosen once per mount: switching from one to the other would mount the screen anew.
    const [Shown] = useState(current);
    return <Shown />;
  }
  return Object.assign(LoadedOrLazy, { load: loadOnce });
}

// The screens a visit seldom starts on also wait for the later catalog (src/i18n/later-catalog.ts); the first screens
// (scripts/catalog-preload.ts, ROUTES) do not need it.
const Explore = screen(() => import('../routes/Explore.tsx'));
const EventPage = screen(() => import('../routes/EventPage.tsx'));
const MySlips = screen(() => import('../routes/MySlips.tsx'));
const SlipPage = screen(withLaterCatalog(() => import('../routes/SlipPage.tsx')));
const SlipImport = screen(withLaterCatalog(() => import('../routes/SlipImport.tsx')));
const PublicSlip = screen(withLaterCatalog(() => import('../routes/PublicSlip.tsx')));
const Conversations = screen(withLaterCatalog(() => import('../routes/Conversations.tsx')));
const DirectChat = screen(withLaterCatalog(() => import('../routes/DirectChat.tsx')));
const Settings = screen(withLaterCatalog(() => import('../routes/Settings.tsx')));
const Licence = screen(withLaterCatalog(() => import('../routes/Licence.tsx')));
const Groups = screen(withLaterCatalog(() => import('../routes/Groups.tsx')));
const GroupCreate = screen(withLaterCatalog(() => import('../routes/GroupCreate.tsx')));
const GroupChat = screen(withLaterCatalog(() => import('../routes/GroupChat.tsx')));
const Rooms = screen(withLaterCatalog(() => import('../routes/Rooms.tsx')));
const RoomChat = screen(withLaterCatalog(() => import('../routes/RoomChat.tsx')));
const Profile = screen(withLaterCatalog(() => import('../routes/Profile.tsx')));
const Notifications = screen(withLaterCatalog(() => import('../routes/Notifications.tsx')));
const Rewards = screen(withLaterCatalog(() => import('../routes/Rewards.tsx')));
const Faq = screen(() => import('../routes/Faq.tsx'));
const Credits = screen(() => import('../routes/Credits.tsx'));
const ModeratorNotifications = screen(withLaterCatalog(() => import('../routes/ModeratorNotifications.tsx')));
const ModeratorConversations = screen(withLaterCatalog(() => import('../routes/ModeratorConversations.tsx')));
const ModeratorConversation = screen(withLaterCatalog(() => import('../routes/ModeratorConversation.tsx')));
const ModeratorGroup = screen(withLaterCatalog(() => import('../routes/ModeratorGroup.tsx')));

interface ScreenRoute {
  path: string;
  /** A route with no screen yet belongs to another open issue: it shows its title and says so (docs/screens.md). */
  screen: Screen | null;
  title: MessageDescriptor;
  needsSession: boolean;
}

// The whole route table of SPEC §2, in match order (specific before generic).
const SHELL_ROUTES: ScreenRoute[] = [
  { path: '/explorar', screen: Explore, title: msg`Explorar`, needsSession: true },
  { path: '/explorar/:eventId', screen: EventPage, title: msg`Evento`, needsSession: true },
  { path: '/dashboard/fichas', screen: MySlips, title: msg`As minhas fichas`, needsSession: true },
  { path: SLIP_IMPORT_PATH, screen: SlipImport, title: msg`Importar palpite`, needsSession: true },
  { path: '/dashboard/fichas/arquivadas/:fichaId', screen: SlipPage, title: msg`Ficha arquivada`, needsSession: true },
  { path: '/dashboard/fichas/:fichaId', screen: SlipPage, title: msg`Ficha`, needsSession: true },
  { path: '/dashboard/licenca', screen: Licence, title: msg`Subscrição`, needsSession: true },
  { path: '/dashboard/comunidade/grupos', screen: Groups, title: msg`Grupos`, needsSession: true },
  { path: '/dashboard/comunidade/grupos/criargrupo', screen: GroupCreate, title: msg`Criar grupo`, needsSession: true },
  { path: '/dashboard/comunidade/grupos/:grupoId', screen: GroupChat, title: msg`Grupo`, needsSession: true },
  { path: '/dashboard/comunidade/conversas', screen: Conversations, title: msg`Conversas`, needsSession: true },
  { path: '/dashboard/comunidade/conversas/:nomeUsuario', screen: DirectChat, title: msg`Conversa`, needsSession: true },
  { path: '/dashboard/comunidade/salas', screen: Rooms, title: msg`Salas de jogos`, needsSession: true },
  { path: '/dashboard/comunidade/salas/:salaId', screen: RoomChat, title: msg`Sala de jogo`, needsSession: true },
  { path: '/dashboard/notifications', screen: Notifications, title: msg`Notificações`, needsSession: true },
  { path: '/dashboard/recompensas/enviadas', screen: Rewards, title: msg`Recompensas enviadas`, needsSession: true },
  { path: '/dashboard/recompensas/recebidas/:pagamentoId', screen: Rewards, title: msg`Recompensa recebida`, needsSession: true },
  { path: '/dashboard/recompensas/reembolsados/:pagamentoId', screen: Rewards, title: msg`Recompensa reembolsada`, needsSession: true },
  { path: '/dashboard/conta', screen: Settings, title: msg`Definições`, needsSession: true },
  { path: '/moderador/notifications', screen: ModeratorNotifications, title: msg`Notificações`, needsSession: true },
  { path: '/moderador/conversas', screen: ModeratorConversations, title: msg`Conversas`, needsSession: true },
  { path: '/moderador/conversas/:nomeUsuario', screen: ModeratorConversation, title: msg`Conversa`, needsSession: true },
  { path: '/moderador/grupos/:grupoId', screen: ModeratorGroup, title: msg`Grupo`, needsSession: true },
  { path: '/faq', screen: Faq, title: msg`Perguntas frequentes`, needsSession: false },
  { path: '/cliline', screen: Credits, title: msg`Créditos`, needsSession: false },
  { path: '/:nomeUsuario/fichas/:fichaId', screen: PublicSlip, title: msg`Ficha`, needsSession: false },
  { path: '/:nomeUsuario', screen: Profile, title: msg`Perfil`, needsSession: true },
];

function renderScreen(route: ScreenRoute): ReactNode {
  const content = route.screen ? <ScreenComponent component={route.screen} /> : <NotAvailable title={route.title} />;
  return route.needsSession ? <RequireSession>{content}</RequireSession> : content;
}

function ScreenComponent({ component: Screen }: { component: ComponentType }) {
  return <Screen />;
}

/**
 * The screens inside the shell. The shell stays mounted from one screen to the next (only the centre changes), and the
 * centre follows the location a step behind (useDeferredValue): while a screen's lazy chunk loads, the screen being
 * left stays on show under the progress bar instead of a fallback, so nothing blanks and React has no fallback reveal
 * to hold back. A fallback shows only when there is nothing to keep (the first screen of a visit).
 */
function ShellScreens() {
  const [location] = useLocation();
  const shown = useDeferredValue(location);
  usePreloadOnIntent();
  return (
    <Suspense fallback={<ScreenLoading />}>
      <ScreenBoundary location={shown}>
        <Switch location={shown}>
          {SHELL_ROUTES.map((route) => (
            <Route key={route.path} path={route.path}>
              {renderScreen(route)}
            </Route>
          ))}
          <Route>
            <NotFound />
          </Route>
        </Switch>
      </ScreenBoundary>
    </Suspense>
  );
}

/**
 * Loads the chunk of the screen at `pathname`, if it has one: the first screen's with the app's code (index.html has
 * preloaded it: scripts/catalog-preload.ts), a link's on intent. Settles either way: a chunk that does not load is the
 * screen's own error, shown when it renders. Called outside React too, so with wouter's default parser itself.
 */
export function loadScreenAt(pathname: string): Promise<unknown> {
  const route = SHELL_ROUTES.find((candidate) => matchRoute(parsePattern, candidate.path, pathname)[0]);
  return route?.screen?.load().catch(() => undefined) ?? Promise.resolve();
}

/**
 * A link's screen chunk starts loading as the finger (or mouse button) goes down on it, or the keyboard focuses it: a
 * moment before the click, so the screen waits less for its chunk over a slow network. Only the screen that link
 * opens is fetched, once.
 */
function usePreloadOnIntent() {
  useEffect(() => {
    const seen = new Set<string>();
    const onIntent = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin || seen.has(link.pathname)) return;
      seen.add(link.pathname);
      void loadScreenAt(link.pathname);
    };
    const options = { capture: true, passive: true };
    for (const type of ['pointerdown', 'focusin']) addEventListener(type, onIntent, options);
    return () => {
      for (const type of ['pointerdown', 'focusin']) removeEventListener(type, onIntent, options);
    };
  }, []);
}

function ScreenLoading() {
  return (
    <div className="screen-loading">
      <span className="spinner-small" aria-hidden="true" />
    </div>
  );
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Landing />
      </Route>
      <Route path="/login">
        <Login />
      </Route>
      <Route>
        <Shell>
          <ShellScreens />
        </Shell>
      </Route>
    </Switch>
  );
}
