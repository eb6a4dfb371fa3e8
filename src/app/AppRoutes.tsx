import { lazy, Suspense, useDeferredValue, type ComponentType, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Shell } from './Shell.tsx';
import { RequireSession } from './RequireSession.tsx';
import { NotAvailable } from '../routes/NotAvailable.tsx';
import { NotFound } from '../routes/NotFound.tsx';
import Landing from '../routes/Landing.tsx';

const Login = lazy(() => import('../routes/Login.tsx'));
const Explore = lazy(() => import('../routes/Explore.tsx'));
const EventPage = lazy(() => import('../routes/EventPage.tsx'));
const MySlips = lazy(() => import('../routes/MySlips.tsx'));
const SlipPage = lazy(() => import('../routes/SlipPage.tsx'));
const PublicSlip = lazy(() => import('../routes/PublicSlip.tsx'));
const Conversations = lazy(() => import('../routes/Conversations.tsx'));
const DirectChat = lazy(() => import('../routes/DirectChat.tsx'));
const Settings = lazy(() => import('../routes/Settings.tsx'));
const Licence = lazy(() => import('../routes/Licence.tsx'));
const Groups = lazy(() => import('../routes/Groups.tsx'));
const GroupCreate = lazy(() => import('../routes/GroupCreate.tsx'));
const GroupChat = lazy(() => import('../routes/GroupChat.tsx'));
const Rooms = lazy(() => import('../routes/Rooms.tsx'));
const RoomChat = lazy(() => import('../routes/RoomChat.tsx'));
const Profile = lazy(() => import('../routes/Profile.tsx'));
const Notifications = lazy(() => import('../routes/Notifications.tsx'));
const Rewards = lazy(() => import('../routes/Rewards.tsx'));
const Faq = lazy(() => import('../routes/Faq.tsx'));
const Credits = lazy(() => import('../routes/Credits.tsx'));
const ModeratorNotifications = lazy(() => import('../routes/ModeratorNotifications.tsx'));
const ModeratorConversations = lazy(() => import('../routes/ModeratorConversations.tsx'));
const ModeratorConversation = lazy(() => import('../routes/ModeratorConversation.tsx'));
const ModeratorGroup = lazy(() => import('../routes/ModeratorGroup.tsx'));

interface ScreenRoute {
  path: string;
  /** A route with no screen yet belongs to another open issue: it shows its title and says so (docs/screens.md). */
  screen: ComponentType | null;
  title: MessageDescriptor;
  needsSession: boolean;
}

// The whole route table of SPEC §2, in match order (specific before generic).
const SHELL_ROUTES: ScreenRoute[] = [
  { path: '/explorar', screen: Explore, title: msg`Explorar`, needsSession: true },
  { path: '/explorar/:eventId', screen: EventPage, title: msg`Evento`, needsSession: true },
  { path: '/dashboard/fichas', screen: MySlips, title: msg`As minhas fichas`, needsSession: true },
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
  return (
    <Suspense fallback={<ScreenLoading />}>
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
    </Suspense>
  );
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
