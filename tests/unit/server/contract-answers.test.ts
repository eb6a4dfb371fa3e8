import PusherServer from 'pusher';
import { beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import { EmptyResponseSchema } from '../../../contract/envelope.ts';
import {
  AuthUrlResponseSchema,
  CsrfResponseSchema,
  IsAvailableResponseSchema,
  MessageResponseSchema,
  SignUpResponseSchema,
} from '../../../contract/schemas/auth.ts';
import { BatchResponseSchema } from '../../../contract/schemas/batch.ts';
import {
  ConversationListResponseSchema,
  ConversationResponseSchema,
  MarkConversationsReadResponseSchema,
  MessageListResponseSchema,
  MessageResponseSchema as ChatMessageResponseSchema,
} from '../../../contract/schemas/chats.ts';
import { ErrorResponseSchema } from '../../../contract/schemas/errors.ts';
import { EstadoResponseSchema } from '../../../contract/schemas/estado.ts';
import { EventDetailResponseSchema, EventListResponseSchema } from '../../../contract/schemas/events.ts';
import {
  CommunityResponseSchema,
  CompetitionsResponseSchema,
  ExploreBetsResponseSchema,
  ExploreSlipsResponseSchema,
} from '../../../contract/schemas/explore.ts';
import { GroupListResponseSchema, GroupResponseSchema, GroupSubscribeResponseSchema, IgnoreInvitationResponseSchema } from '../../../contract/schemas/groups.ts';
import { LicencaResponseSchema, LicenceRequestListResponseSchema, PaymentStartResponseSchema } from '../../../contract/schemas/licence.ts';
import { MarkNotificationsReadResponseSchema, NotificationListResponseSchema } from '../../../contract/schemas/notifications.ts';
import { GatewayCallbackResponseSchema, PaymentListResponseSchema, PaymentResultResponseSchema } from '../../../contract/schemas/payments.ts';
import {
  CounterResetResponseSchema,
  FollowResponseSchema,
  MyProfileResponseSchema,
  UpdatesResponseSchema,
  UserListResponseSchema,
  UserProfileResponseSchema,
  UserSearchResponseSchema,
} from '../../../contract/schemas/profile.ts';
import {
  BeamsTokenResponseSchema,
  DeviceInterestsResponseSchema,
  RegisterDeviceResponseSchema,
  VapidKeyResponseSchema,
} from '../../../contract/schemas/push.ts';
import {
  BatchTriggerResponseSchema,
  ChannelInfoSchema,
  ChannelsResponseSchema,
  ChannelUsersResponseSchema,
  ClientConfigResponseSchema,
  OnlineUsersResponseSchema,
  PusherAuthResponseSchema,
  PusherUserAuthResponseSchema,
  TriggerResponseSchema,
} from '../../../contract/schemas/realtime.ts';
import {
  ModeratorGroupResponseSchema,
  ReportDetailResponseSchema,
  ReportListResponseSchema,
  ReportResponseSchema,
} from '../../../contract/schemas/reports.ts';
import { RewardListResponseSchema, RewardResponseSchema, SendRewardResponseSchema } from '../../../contract/schemas/rewards.ts';
import { EventRecordResponseSchema, RoomListResponseSchema, RoomResponseSchema } from '../../../contract/schemas/rooms.ts';
import { AccountUpdateResponseSchema, ContactDetailsResponseSchema, VerifyTokenResponseSchema } from '../../../contract/schemas/settings.ts';
import {
  AddSelectionResponseSchema,
  CommentListResponseSchema,
  CommentResponseSchema,
  CreateSlipResponseSchema,
  SlipListResponseSchema,
  SlipResponseSchema,
} from '../../../contract/schemas/slips.ts';
import { EMAIL_VERIFICATION_TTL_MS, newAccountToken, PASSWORD_RESET_TTL_MS, storeAccountToken } from '../../../server/auth/account-tokens.ts';
import { DEMO_LICENCE_CODES } from '../../../server/licence/codes.ts';
import { seedBettingDemo } from '../../../server/slips/demo-slips.ts';
import { browser, form, ORIGIN } from './helpers/http.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { actor, anonymous, expectOk, idemKey, newUser, PNG_1PX, type Actor } from './helpers/social.ts';
import type { TestServer } from './helpers/test-server.ts';

// Every route the router registers answers what its contract schema says, checked on real answers. Each route is
// mapped to the schema the client parses its answer with (the handler names the same schema, so the compiler holds
// the handler to it); a route missing from the map fails, so a new route must name one. Then every JSON route is
// called once with real data (the seeded demo, ids taken from earlier answers) and its answer parsed: a field the
// schema lacks, or one it needs and the answer lacks, fails with the route's name.

/** Answers that are not JSON of ours: bytes, a page, the W3C web manifest. */
interface NotJson {
  notJson: string;
}
const IMAGE: NotJson = { notJson: 'image bytes' };

const C = '/api/client/common';
const BEAMS = '/api/beams/device_api/v1/instances/:instanceId';

const ANSWERS = {
  // Public and auth.
  'GET /api/client/public/estado': EstadoResponseSchema,
  'GET /api/client/public/eventos': EventListResponseSchema,
  'GET /api/client/public/eventos/:id': EventDetailResponseSchema,
  'GET /api/client/public/search/apostas/live': EventListResponseSchema,
  'GET /api/client/public/fotografias/:userId': IMAGE,
  'GET /api/client/public/search/:term/usuarios': UserSearchResponseSchema,
  'GET /api/client/public/search/usuarios': ErrorResponseSchema,
  'GET /api/client/public/config': ClientConfigResponseSchema,
  'GET /api/auth/forgotPassword': ErrorResponseSchema,
  'GET /api/auth/forgotPassword/:identifier?': MessageResponseSchema,
  'POST /api/auth/callback/credentials': AuthUrlResponseSchema,
  'POST /api/auth/signup': SignUpResponseSchema,
  'POST /api/auth/_log': EmptyResponseSchema,
  'GET /api/auth/isAvailable/nomeUsuario/:name?': IsAvailableResponseSchema,
  'GET /api/auth/isAvailable/email/:email?': IsAvailableResponseSchema,
  'POST /api/auth/redefinirPassword': MessageResponseSchema,
  'GET /api/auth/verificarEmail/:token?': MessageResponseSchema,
  'GET /manifest.webmanifest': { notJson: 'the W3C web manifest' },

  // Conversations, rooms, groups.
  [`GET ${C}/imagens/:id`]: IMAGE,
  [`GET ${C}/conversas/fetch`]: ConversationListResponseSchema,
  [`GET ${C}/conversas/setUnreadMessageToFalse`]: MarkConversationsReadResponseSchema,
  [`GET ${C}/conversas/com/:nomeUsuario`]: ConversationResponseSchema,
  [`POST ${C}/conversas/com/:nomeUsuario/mensagens`]: ChatMessageResponseSchema,
  [`GET ${C}/conversas/:id`]: ConversationResponseSchema,
  [`GET ${C}/conversas/:id/mensagens`]: MessageListResponseSchema,
  [`POST ${C}/conversas/:id/mensagens`]: ChatMessageResponseSchema,
  [`GET ${C}/conversas/:id/shareToChat`]: ChatMessageResponseSchema,
  [`GET ${C}/grupos/salas`]: RoomListResponseSchema,
  [`GET ${C}/grupos/salas/:id`]: RoomResponseSchema,
  [`GET ${C}/grupos/salas/:id/mensagens`]: MessageListResponseSchema,
  [`POST ${C}/grupos/salas/:id/mensagens`]: ChatMessageResponseSchema,
  [`GET ${C}/grupos/salas/:id/shareToRoom`]: ChatMessageResponseSchema,
  [`GET ${C}/grupos`]: GroupListResponseSchema,
  [`POST ${C}/grupos/criarGrupo`]: GroupResponseSchema,
  [`GET ${C}/grupos/:id`]: GroupResponseSchema,
  [`GET ${C}/grupos/:id/imagem`]: IMAGE,
  [`PATCH ${C}/grupos/:id/actualizarGrupo`]: GroupResponseSchema,
  [`DELETE ${C}/grupos/:id/apagarGrupo`]: MessageResponseSchema,
  [`GET ${C}/grupos/:id/sairDoGrupo`]: MessageResponseSchema,
  [`GET ${C}/grupos/:id/entrar`]: GroupResponseSchema,
  [`GET ${C}/grupos/:id/adicionarUsuario/:userId`]: GroupResponseSchema,
  [`POST ${C}/grupos/:id/aceitarConvite`]: GroupResponseSchema,
  [`POST ${C}/grupos/:id/ignorarConvite`]: IgnoreInvitationResponseSchema,
  [`GET ${C}/grupos/:id/removerUsuario/:userId`]: GroupResponseSchema,
  [`GET ${C}/grupos/:id/setAdmin/:userId`]: GroupResponseSchema,
  [`GET ${C}/grupos/:id/unsetAdmin/:userId`]: GroupResponseSchema,
  [`GET ${C}/grupos/:id/subscrever/:plan`]: GroupSubscribeResponseSchema,
  [`GET ${C}/grupos/:id/mensagens`]: MessageListResponseSchema,
  [`POST ${C}/grupos/:id/mensagens`]: ChatMessageResponseSchema,
  [`GET ${C}/grupos/:id/shareToGroup`]: ChatMessageResponseSchema,

  // Profiles, notifications, settings, rewards.
  [`GET ${C}/perfil/mostrarMeuPerfil`]: MyProfileResponseSchema,
  [`GET ${C}/perfil/mostrarMeusUpdates`]: UpdatesResponseSchema,
  [`POST ${C}/perfil/contadores/:nome/zerar`]: CounterResetResponseSchema,
  [`GET ${C}/perfil/:nomeUsuario`]: UserProfileResponseSchema,
  [`POST ${C}/perfil/:nomeUsuario/seguir`]: FollowResponseSchema,
  [`DELETE ${C}/perfil/:nomeUsuario/seguir`]: FollowResponseSchema,
  [`GET ${C}/perfil/:nomeUsuario/seguidores`]: UserListResponseSchema,
  [`GET ${C}/perfil/:nomeUsuario/seguindo`]: UserListResponseSchema,
  [`GET ${C}/perfil/:nomeUsuario/fichas`]: SlipListResponseSchema,
  [`GET ${C}/notificacoes`]: NotificationListResponseSchema,
  [`POST ${C}/notificacoes/marcarLidas`]: MarkNotificationsReadResponseSchema,
  [`GET ${C}/conta/contactDetails`]: ContactDetailsResponseSchema,
  [`PATCH ${C}/conta/actualizar`]: AccountUpdateResponseSchema,
  [`PATCH ${C}/conta/privacidade`]: AccountUpdateResponseSchema,
  [`PATCH ${C}/conta/actualizarPassword`]: MessageResponseSchema,
  [`POST ${C}/conta/terminarSessoes`]: MessageResponseSchema,
  [`POST ${C}/conta/confirmarEmail`]: MessageResponseSchema,
  [`GET ${C}/contacto/criarNumeroVerifyToken`]: VerifyTokenResponseSchema,
  [`GET ${C}/contacto/verifyNumeroTelemovel`]: ErrorResponseSchema,
  [`GET ${C}/contacto/verifyNumeroTelemovel/:token`]: MessageResponseSchema,
  [`GET ${C}/recompensas/enviadas`]: RewardListResponseSchema,
  [`GET ${C}/recompensas/enviadas/:pagamentoId`]: RewardResponseSchema,
  [`GET ${C}/recompensas/recebidas`]: RewardListResponseSchema,
  [`GET ${C}/recompensas/recebidas/:pagamentoId`]: RewardResponseSchema,
  [`GET ${C}/recompensas/reembolsados`]: RewardListResponseSchema,
  [`GET ${C}/recompensas/reembolsados/:pagamentoId`]: RewardResponseSchema,
  [`GET ${C}/recompensas/:pagamentoId`]: RewardResponseSchema,
  [`POST ${C}/recompensas`]: SendRewardResponseSchema,

  // Moderation.
  'GET /api/client/moderador/evento/:id': EventRecordResponseSchema,
  'PATCH /api/client/moderador/evento/:id': EventRecordResponseSchema,
  'GET /api/client/moderador/conversas': ConversationListResponseSchema,
  'GET /api/client/moderador/conversas/:id/mensagens': MessageListResponseSchema,
  [`POST ${C}/denuncias`]: ReportResponseSchema,
  'GET /api/client/moderador/denuncias': ReportListResponseSchema,
  'GET /api/client/moderador/denuncias/:id': ReportDetailResponseSchema,
  'PATCH /api/client/moderador/denuncias/:id': ReportResponseSchema,
  'GET /api/client/moderador/grupos/:grupoId': ModeratorGroupResponseSchema,
  'GET /api/client/moderador/licencas': LicenceRequestListResponseSchema,
  'PATCH /api/client/moderador/licencas/:id': LicencaResponseSchema,

  // Slips, licence, payments, explore, batches.
  'POST /api/client/apostador/fichas/criarFicha': CreateSlipResponseSchema,
  'POST /api/client/apostador/fichas/addSelection': AddSelectionResponseSchema,
  'GET /api/client/apostador/fichas': SlipListResponseSchema,
  [`GET ${C}/guardadas`]: SlipListResponseSchema,
  'GET /api/client/apostador/fichas/:id': SlipResponseSchema,
  'PATCH /api/client/apostador/fichas/:id/publicar': SlipResponseSchema,
  'PATCH /api/client/apostador/fichas/:id/ocultar': SlipResponseSchema,
  'POST /api/client/apostador/fichas/:id/guardar': SlipResponseSchema,
  'DELETE /api/client/apostador/fichas/:id/guardar': SlipResponseSchema,
  'GET /api/client/public/fichas/:nomeUsuario/:fichaId': SlipResponseSchema,
  [`GET ${C}/fichas/:id`]: SlipResponseSchema,
  [`GET ${C}/fichas/:id/comentarios`]: CommentListResponseSchema,
  [`POST ${C}/fichas/:id/comentarios`]: CommentResponseSchema,
  [`GET ${C}/licenca`]: LicencaResponseSchema,
  [`GET ${C}/licenca/activarLicenca`]: LicencaResponseSchema,
  [`GET ${C}/licenca/renovarLicenca/:plan`]: PaymentStartResponseSchema,
  [`GET ${C}/licenca/comprarLicenca/:id`]: PaymentStartResponseSchema,
  [`GET ${C}/licenca/usarCodigoLicenca/:code`]: LicencaResponseSchema,
  [`PATCH ${C}/licenca/solicitarActivacao`]: LicencaResponseSchema,
  'GET /pagamentos/emis/:id': { notJson: 'the simulated payment page' },
  'POST /api/client/public/pagamentos/emis/:id/confirmar': PaymentResultResponseSchema,
  'POST /api/client/public/pagamentos/emis/:id/cancelar': PaymentResultResponseSchema,
  [`GET ${C}/pagamentos`]: PaymentListResponseSchema,
  [`GET ${C}/pagamentos/:id`]: PaymentResultResponseSchema,
  [`POST ${C}/pagamentos/:id/cancelar`]: PaymentResultResponseSchema,
  'POST /api/pagamentos/emis/callback/:secret': GatewayCallbackResponseSchema,
  'POST /api/pagamentos/proxypay/webhook': GatewayCallbackResponseSchema,
  'GET /pagamentos/emis-gpo.css': { notJson: "the stylesheet of EMIS GPO's frame" },
  'GET /api/client/public/explorar/apostas': ExploreBetsResponseSchema,
  'GET /api/client/public/explorar/fichas': ExploreSlipsResponseSchema,
  'GET /api/client/public/explorar/comunidade': CommunityResponseSchema,
  'GET /api/client/public/competicoes': CompetitionsResponseSchema,
  [`POST ${C}/lote`]: BatchResponseSchema,

  // Realtime and push.
  'POST /apps/:appId/events': TriggerResponseSchema,
  'POST /apps/:appId/batch_events': BatchTriggerResponseSchema,
  'GET /apps/:appId/channels': ChannelsResponseSchema,
  'GET /apps/:appId/channels/:channel': ChannelInfoSchema,
  'GET /apps/:appId/channels/:channel/users': ChannelUsersResponseSchema,
  'POST /apps/:appId/users/:userId/terminate_connections': EmptyResponseSchema,
  'POST /api/auth/pusher': PusherAuthResponseSchema,
  'POST /api/auth/pusher/user-auth': PusherUserAuthResponseSchema,
  'GET /api/auth/pusher/mostrarUsuariosOnline': OnlineUsersResponseSchema,
  'GET /api/auth/beams': BeamsTokenResponseSchema,
  [`GET ${BEAMS}/web-vapid-public-key`]: VapidKeyResponseSchema,
  [`POST ${BEAMS}/devices/web`]: RegisterDeviceResponseSchema,
  [`PUT ${BEAMS}/devices/web/:deviceId/user`]: EmptyResponseSchema,
  [`PUT ${BEAMS}/devices/web/:deviceId/metadata`]: EmptyResponseSchema,
  [`GET ${BEAMS}/devices/web/:deviceId/interests`]: DeviceInterestsResponseSchema,
  [`PUT ${BEAMS}/devices/web/:deviceId/interests`]: EmptyResponseSchema,
  [`POST ${BEAMS}/devices/web/:deviceId/interests/:interest`]: EmptyResponseSchema,
  [`DELETE ${BEAMS}/devices/web/:deviceId/interests/:interest`]: EmptyResponseSchema,
  [`DELETE ${BEAMS}/devices/web/:deviceId`]: EmptyResponseSchema,
  'POST /api/beams/reporting_api/v2/instances/:instanceId/events': EmptyResponseSchema,
} as const satisfies Record<string, z.ZodType | NotJson>;

type Routes = typeof ANSWERS;
type JsonRoute = { [K in keyof Routes]: Routes[K] extends z.ZodType ? K : never }[keyof Routes];
type Parsed<K extends JsonRoute> = Routes[K] extends z.ZodType ? z.output<Routes[K]> : never;

/** JSON routes not called here, each with the reason and the suite that parses its answer. */
const NOT_CALLED: Partial<Record<JsonRoute, string>> = {
  [`PATCH ${C}/conta/actualizarPassword`]: "needs the account's real password; social-settings.test.ts parses it",
  'POST /api/pagamentos/emis/callback/:secret': 'needs PAYMENTS=emis-gpo and its fake; payments-emis-gpo.test.ts parses it',
  'POST /api/pagamentos/proxypay/webhook': 'needs PAYMENTS=proxypay and its fake; payments-proxypay.test.ts parses it',
};

/** Every concrete route of the app (no middleware wildcards), as `METHOD path`. */
function routeKeys(server: TestServer): string[] {
  const keys = new Set<string>();
  for (const route of server.app.routes) {
    if (route.method === 'ALL' || route.path.includes('*')) continue;
    keys.add(`${route.method} ${route.path.replace(/\/$/, '') || '/'}`);
  }
  return [...keys];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Fields of the answer the schema does not know (a parse keeps only what the schema describes). */
function unknownFields(raw: unknown, parsed: unknown, at = ''): string[] {
  if (Array.isArray(raw) && Array.isArray(parsed)) return raw.flatMap((item, i) => unknownFields(item, parsed[i], `${at}[${i}]`));
  if (!isObject(raw) || !isObject(parsed)) return [];
  return Object.keys(raw).flatMap((key) => (key in parsed ? unknownFields(raw[key], parsed[key], `${at}.${key}`) : [`${at}.${key}`]));
}

function first<T>(items: readonly T[], what: string): T {
  const item = items[0];
  if (item === undefined) throw new Error(`no ${what} to call with`);
  return item;
}

describeOnEachDb(
  'contract answers: every route answers what its contract schema says',
  (server) => {
    const called = new Set<string>();
    let demo: Actor;
    let moderador: Actor;
    let other: Actor;

    beforeAll(async () => {
      await seedBettingDemo(server().db, { seed: server().config.sportsSeed });
      demo = await actor(server(), 'demo');
      moderador = await actor(server(), 'moderador');
      other = await newUser(server(), 'contrato');
    });

    /** Checks an answer against its route's schema and returns what the schema parsed. */
    function inContract<K extends JsonRoute>(route: K, status: number, body: unknown, expected: number): Parsed<K> {
      called.add(route);
      expect(status, `${route} → ${JSON.stringify(body).slice(0, 300)}`).toBe(expected);
      if (status < 300 && isObject(body) && 'status' in body) expect(body.status, route).toBe('success');
      const schema: z.ZodType = ANSWERS[route];
      const parsed = schema.safeParse(body);
      expect(parsed.success ? [] : parsed.error.issues, route).toEqual([]);
      expect(unknownFields(body, parsed.data), `${route}: fields the contract does not know`).toEqual([]);
      return parsed.data as Parsed<K>;
    }

    async function call<K extends JsonRoute>(
      who: Actor,
      route: K,
      path: string,
      options: { body?: unknown; status?: number; headers?: Record<string, string> } = {},
    ): Promise<Parsed<K>> {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
      const headers = { ...idemKey(), ...options.headers };
      let status: number;
      let body: unknown;
      if (method === 'GET') ({ status, body } = await who.get(path, headers));
      else if (method === 'PUT') {
        const response = await who.raw(path, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(options.body ?? {}) });
        status = response.status;
        body = await response.json();
      } else ({ status, body } = await who.send(method, path, options.body, headers));
      return inContract(route, status, body, options.status ?? 200);
    }

    // The calls run once, group after group in the order below (a later group uses what an earlier one made: the
    // moderator's calls answer the activation request the licence calls sent), whichever test asks first; each test
    // then reports its own group's failure, so the tests pass or fail alike in any order.
    const groups: { name: string; run: () => Promise<void> }[] = [];
    let ran: Promise<Map<string, unknown>> | undefined;
    function runGroups(): Promise<Map<string, unknown>> {
      ran ??= (async () => {
        const failures = new Map<string, unknown>();
        for (const { name, run } of groups) await run().catch((error: unknown) => failures.set(name, error));
        return failures;
      })();
      return ran;
    }
    function group(name: string, run: () => Promise<void>): void {
      groups.push({ name, run });
      it(name, { timeout: 120_000 }, async () => {
        const failures = await runGroups();
        if (failures.has(name)) throw failures.get(name);
      });
    }

    it('maps every route the router registers to the schema of its answer', () => {
      const unmapped = routeKeys(server()).filter((key) => !(key in ANSWERS));
      expect(unmapped, 'routes without a contract schema in ANSWERS').toEqual([]);
      const gone = Object.keys(ANSWERS).filter((key) => !routeKeys(server()).includes(key));
      expect(gone, 'ANSWERS names routes the router no longer has').toEqual([]);
    });

    group('answers the public, auth and account calls in contract', async () => {
      const anon = anonymous(server());
      const eventos = (await call(anon, 'GET /api/client/public/eventos', '/api/client/public/eventos')).eventos;
      await call(anon, 'GET /api/client/public/estado', '/api/client/public/estado');
      await call(anon, 'GET /api/client/public/eventos/:id', `/api/client/public/eventos/${first(eventos, 'event').id}`);
      await call(demo, 'GET /api/client/public/search/apostas/live', '/api/client/public/search/apostas/live');
      await call(anon, 'GET /api/client/public/search/:term/usuarios', '/api/client/public/search/joana/usuarios');
      await call(anon, 'GET /api/client/public/search/usuarios', '/api/client/public/search/usuarios', { status: 400 });
      await call(anon, 'GET /api/client/public/config', '/api/client/public/config');
      await call(anon, 'GET /api/auth/forgotPassword', '/api/auth/forgotPassword', { status: 400 });
      await call(anon, 'GET /api/auth/forgotPassword/:identifier?', '/api/auth/forgotPassword/demo');
      await call(anon, 'GET /api/auth/isAvailable/nomeUsuario/:name?', '/api/auth/isAvailable/nomeUsuario/ninguem_ainda');
      await call(anon, 'GET /api/auth/isAvailable/email/:email?', '/api/auth/isAvailable/email/ninguem@exemplo.ao');
      await call(anon, 'POST /api/auth/signup', '/api/auth/signup', {
        status: 201,
        body: {
          fotografia: null,
          nome: 'Conta Contrato',
          nomeUsuario: `contrato_${server().backend}`,
          email: { email: `contrato_${server().backend}@exemplo.ao` },
          numeroTelemovel: { numero: '923456789' },
          password: 'segredo123',
          passwordConfirmacao: 'segredo123',
        },
      });

      const email = newAccountToken();
      await storeAccountToken(server().db, { hash: email.hash, userId: demo.id, finalidade: 'email', email: 'demo@fichas.ao', ttlMs: EMAIL_VERIFICATION_TTL_MS });
      await call(anon, 'GET /api/auth/verificarEmail/:token?', `/api/auth/verificarEmail/${email.token}`, { headers: { accept: 'application/json' } });
      const forgetful = await newUser(server(), 'esquecido');
      const reset = newAccountToken();
      const forgetfulEmail = `${forgetful.nomeUsuario}@teste.ao`;
      await storeAccountToken(server().db, { hash: reset.hash, userId: forgetful.id, finalidade: 'password', email: forgetfulEmail, ttlMs: PASSWORD_RESET_TTL_MS });
      await call(anon, 'POST /api/auth/redefinirPassword', '/api/auth/redefinirPassword', {
        body: { token: reset.token, password: 'segredo123', passwordConfirmacao: 'segredo123' },
      });

      // Auth.js's own sign-in, as the app's client posts it, and the client log it reports to.
      const client = browser(server().app);
      const { csrfToken } = CsrfResponseSchema.parse(await (await client.request('/api/auth/csrf')).json());
      const signIn = await client.request(
        '/api/auth/callback/credentials',
        form({ userData: 'demo', password: 'demo12345', csrfToken, callbackUrl: `${ORIGIN}/`, json: 'true' }),
      );
      inContract('POST /api/auth/callback/credentials', signIn.status, await signIn.json(), 200);
      const log = await client.request('/api/auth/_log', form({ level: 'error', code: 'teste' }));
      inContract('POST /api/auth/_log', log.status, await log.json(), 200);

      await call(demo, `GET ${C}/conta/contactDetails`, `${C}/conta/contactDetails`);
      await call(demo, `PATCH ${C}/conta/actualizar`, `${C}/conta/actualizar`, { body: { nome: 'Utilizador Demo' } });
      await call(demo, `PATCH ${C}/conta/privacidade`, `${C}/conta/privacidade`, { body: { adicionarGrupos: 'seguidos' } });
      await call(demo, `POST ${C}/conta/confirmarEmail`, `${C}/conta/confirmarEmail`);
      await call(demo, `GET ${C}/contacto/criarNumeroVerifyToken`, `${C}/contacto/criarNumeroVerifyToken`);
      const code = await server()
        .db.selectFrom('verificacoes_telefone')
        .select('token')
        .where('usuario_id', '=', demo.id)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      await call(demo, `GET ${C}/contacto/verifyNumeroTelemovel`, `${C}/contacto/verifyNumeroTelemovel`, { status: 400 });
      await call(demo, `GET ${C}/contacto/verifyNumeroTelemovel/:token`, `${C}/contacto/verifyNumeroTelemovel/${code.token}`);
      const leaving = await newUser(server(), 'sessoes');
      await call(leaving, `POST ${C}/conta/terminarSessoes`, `${C}/conta/terminarSessoes`);
    });

    group('answers the conversation, room and group calls in contract', async () => {
      const slip = first((await call(demo, 'GET /api/client/apostador/fichas', '/api/client/apostador/fichas')).fichas, 'slip of demo');
      const share = `?resourceType=ficha&resourceId=${slip.id}`;

      const sent = await call(demo, `POST ${C}/conversas/com/:nomeUsuario/mensagens`, `${C}/conversas/com/joana_silva/mensagens`, {
        status: 201,
        body: { mensagem: 'Olá Joana' },
      });
      const conversa = sent.mensagem.chatId;
      await call(demo, `GET ${C}/conversas/fetch`, `${C}/conversas/fetch`);
      await call(demo, `GET ${C}/conversas/com/:nomeUsuario`, `${C}/conversas/com/joana_silva`);
      await call(demo, `GET ${C}/conversas/:id`, `${C}/conversas/${conversa}`);
      await call(demo, `POST ${C}/conversas/:id/mensagens`, `${C}/conversas/${conversa}/mensagens`, { status: 201, body: { mensagem: 'Outra' } });
      await call(demo, `GET ${C}/conversas/:id/mensagens`, `${C}/conversas/${conversa}/mensagens`);
      await call(demo, `GET ${C}/conversas/:id/shareToChat`, `${C}/conversas/${conversa}/shareToChat${share}`);
      await call(demo, `GET ${C}/conversas/setUnreadMessageToFalse`, `${C}/conversas/setUnreadMessageToFalse`);

      const sala = first((await call(demo, `GET ${C}/grupos/salas`, `${C}/grupos/salas`)).data, 'room').id;
      await call(demo, `GET ${C}/grupos/salas/:id`, `${C}/grupos/salas/${sala}`);
      await call(demo, `POST ${C}/grupos/salas/:id/mensagens`, `${C}/grupos/salas/${sala}/mensagens`, { status: 201, body: { mensagem: 'Golo!' } });
      await call(demo, `GET ${C}/grupos/salas/:id/mensagens`, `${C}/grupos/salas/${sala}/mensagens`);
      await call(demo, `GET ${C}/grupos/salas/:id/shareToRoom`, `${C}/grupos/salas/${sala}/shareToRoom${share}`);

      const grupos = (await call(demo, `GET ${C}/grupos`, `${C}/grupos`)).grupos;
      const own = first(grupos.filter((g) => g.meuPapel === 'criador'), 'group of demo').id;
      const open = first(grupos.filter((g) => !g.privado && g.meuPapel === null), 'open group demo is not in').id;
      const paid = first(grupos.filter((g) => g.privado && g.meuPapel !== 'criador' && g.planos.length > 0), 'private group with plans');
      await call(demo, `GET ${C}/grupos/:id`, `${C}/grupos/${own}`);
      await call(demo, `POST ${C}/grupos/:id/mensagens`, `${C}/grupos/${own}/mensagens`, { status: 201, body: { mensagem: 'Bom dia' } });
      await call(demo, `GET ${C}/grupos/:id/mensagens`, `${C}/grupos/${own}/mensagens`);
      await call(demo, `GET ${C}/grupos/:id/shareToGroup`, `${C}/grupos/${own}/shareToGroup${share}`);
      for (const action of ['adicionarUsuario', 'setAdmin', 'unsetAdmin', 'removerUsuario'] as const) {
        await call(demo, `GET ${C}/grupos/:id/${action}/:userId`, `${C}/grupos/${own}/${action}/${other.id}`);
      }
      // demo keeps the default setting and does not follow `other`: other's add is an invitation demo can answer.
      const othersGroup = expectOk(await other.send('POST', `${C}/grupos/criarGrupo`, { nome: 'Grupo do convite' }, idemKey()), GroupResponseSchema, 201).grupo.id;
      const invited = await call(other, `GET ${C}/grupos/:id/adicionarUsuario/:userId`, `${C}/grupos/${othersGroup}/adicionarUsuario/${demo.id}`);
      expect(invited.convite).toBe(true);
      await call(demo, `POST ${C}/grupos/:id/aceitarConvite`, `${C}/grupos/${othersGroup}/aceitarConvite`);
      await call(demo, `POST ${C}/grupos/:id/ignorarConvite`, `${C}/grupos/${othersGroup}/ignorarConvite`);
      await call(demo, `GET ${C}/grupos/:id/entrar`, `${C}/grupos/${open}/entrar`);
      await call(demo, `GET ${C}/grupos/:id/sairDoGrupo`, `${C}/grupos/${open}/sairDoGrupo`);
      await call(demo, `GET ${C}/grupos/:id/subscrever/:plan`, `${C}/grupos/${paid.id}/subscrever/${first(paid.planos, 'plan').extensao}`);

      const created = await call(demo, `POST ${C}/grupos/criarGrupo`, `${C}/grupos/criarGrupo`, { status: 201, body: { nome: 'Grupo do contrato' } });
      await call(demo, `PATCH ${C}/grupos/:id/actualizarGrupo`, `${C}/grupos/${created.grupo.id}/actualizarGrupo`, { body: { nome: 'Grupo do contrato 2' } });
      await call(demo, `DELETE ${C}/grupos/:id/apagarGrupo`, `${C}/grupos/${created.grupo.id}/apagarGrupo`);
    });

    group('answers the profile, notification and reward calls in contract', async () => {
      await call(demo, `GET ${C}/perfil/mostrarMeuPerfil`, `${C}/perfil/mostrarMeuPerfil`);
      await call(demo, `GET ${C}/perfil/mostrarMeusUpdates`, `${C}/perfil/mostrarMeusUpdates`);
      await call(demo, `POST ${C}/perfil/contadores/:nome/zerar`, `${C}/perfil/contadores/newMessage/zerar`);
      await call(demo, `GET ${C}/perfil/:nomeUsuario`, `${C}/perfil/joana_silva`);
      await call(demo, `POST ${C}/perfil/:nomeUsuario/seguir`, `${C}/perfil/joana_silva/seguir`);
      await call(demo, `GET ${C}/perfil/:nomeUsuario/seguidores`, `${C}/perfil/joana_silva/seguidores`);
      await call(demo, `GET ${C}/perfil/:nomeUsuario/seguindo`, `${C}/perfil/demo/seguindo`);
      await call(demo, `GET ${C}/perfil/:nomeUsuario/fichas`, `${C}/perfil/demo/fichas`);
      await call(demo, `DELETE ${C}/perfil/:nomeUsuario/seguir`, `${C}/perfil/joana_silva/seguir`);
      await call(demo, `GET ${C}/notificacoes`, `${C}/notificacoes`);
      await call(demo, `POST ${C}/notificacoes/marcarLidas`, `${C}/notificacoes/marcarLidas`, { body: {} });

      for (const list of ['enviadas', 'recebidas', 'reembolsados'] as const) {
        const reward = first((await call(demo, `GET ${C}/recompensas/${list}`, `${C}/recompensas/${list}`)).recompensas, `${list} reward`);
        await call(demo, `GET ${C}/recompensas/${list}/:pagamentoId`, `${C}/recompensas/${list}/${reward.pagamentoId}`);
        await call(demo, `GET ${C}/recompensas/:pagamentoId`, `${C}/recompensas/${reward.pagamentoId}`);
      }
      await call(demo, `POST ${C}/recompensas`, `${C}/recompensas`, { body: { destinatario: 'joana_silva', valor: 500 }, status: 201 });
    });

    group('answers the slip, licence, payment, explore and batch calls in contract', async () => {
      const anon = anonymous(server());
      const fichas = (await call(demo, 'GET /api/client/apostador/fichas', '/api/client/apostador/fichas')).fichas;
      const published = first(fichas.filter((f) => f.publicada), 'published slip of demo');
      await call(demo, 'GET /api/client/apostador/fichas/:id', `/api/client/apostador/fichas/${published.id}`);
      await call(anon, 'GET /api/client/public/fichas/:nomeUsuario/:fichaId', `/api/client/public/fichas/demo/${published.id}`);
      await call(demo, `GET ${C}/guardadas`, `${C}/guardadas`);
      await call(demo, `GET ${C}/fichas/:id`, `${C}/fichas/${published.id}`);
      await call(demo, `GET ${C}/fichas/:id/comentarios`, `${C}/fichas/${published.id}/comentarios`);
      await call(demo, `POST ${C}/fichas/:id/comentarios`, `${C}/fichas/${published.id}/comentarios`, { status: 201, body: { texto: 'Boa ficha' } });

      const { selection } = await call(demo, 'POST /api/client/apostador/fichas/addSelection', '/api/client/apostador/fichas/addSelection', { body: {} });
      const { ficha } = await call(demo, 'POST /api/client/apostador/fichas/criarFicha', '/api/client/apostador/fichas/criarFicha', {
        status: 201,
        body: { ficha: [{ event_id: selection.event_id, event_selection: selection.event_selection }], valor: 500 },
      });
      await call(demo, 'PATCH /api/client/apostador/fichas/:id/ocultar', `/api/client/apostador/fichas/${ficha.id}/ocultar`);
      await call(demo, 'PATCH /api/client/apostador/fichas/:id/publicar', `/api/client/apostador/fichas/${ficha.id}/publicar`);
      await call(other, 'POST /api/client/apostador/fichas/:id/guardar', `/api/client/apostador/fichas/${ficha.id}/guardar`);
      await call(other, 'DELETE /api/client/apostador/fichas/:id/guardar', `/api/client/apostador/fichas/${ficha.id}/guardar`);

      await call(demo, `GET ${C}/licenca`, `${C}/licenca`);
      await call(demo, `GET ${C}/licenca/activarLicenca`, `${C}/licenca/activarLicenca`);
      const renewal = await call(demo, `GET ${C}/licenca/renovarLicenca/:plan`, `${C}/licenca/renovarLicenca/mensal`);
      await call(demo, `GET ${C}/pagamentos/:id`, `${C}/pagamentos/${renewal.respostaEmis.id}`);
      const pay = (id: string, action: 'confirmar' | 'cancelar') =>
        call(anon, `POST /api/client/public/pagamentos/emis/:id/${action}`, `/api/client/public/pagamentos/emis/${id}/${action}`, {
          headers: { accept: 'application/json' },
        });
      await pay(renewal.respostaEmis.id, 'confirmar');
      const purchase = await call(demo, `GET ${C}/licenca/comprarLicenca/:id`, `${C}/licenca/comprarLicenca/anual`);
      await pay(purchase.respostaEmis.id, 'cancelar');
      const abandoned = await call(demo, `GET ${C}/licenca/comprarLicenca/:id`, `${C}/licenca/comprarLicenca/mensal`);
      await call(demo, `POST ${C}/pagamentos/:id/cancelar`, `${C}/pagamentos/${abandoned.respostaEmis.id}/cancelar`);
      await call(demo, `GET ${C}/pagamentos`, `${C}/pagamentos`);
      await call(demo, `GET ${C}/licenca/usarCodigoLicenca/:code`, `${C}/licenca/usarCodigoLicenca/${first(DEMO_LICENCE_CODES, 'code').codigo}`);
      await call(other, `PATCH ${C}/licenca/solicitarActivacao`, `${C}/licenca/solicitarActivacao`, { body: { comprovativo: [PNG_1PX] } });

      await call(anon, 'GET /api/client/public/explorar/apostas', '/api/client/public/explorar/apostas');
      await call(demo, 'GET /api/client/public/explorar/fichas', '/api/client/public/explorar/fichas');
      await call(anon, 'GET /api/client/public/explorar/comunidade', '/api/client/public/explorar/comunidade');
      await call(anon, 'GET /api/client/public/competicoes', '/api/client/public/competicoes');
      await call(demo, `POST ${C}/lote`, `${C}/lote`, {
        body: { pedidos: [{ method: 'POST', path: `${C}/notificacoes/marcarLidas`, body: {}, idempotencyKey: 'contrato:1' }] },
      });
    });

    group('answers the moderator calls in contract', async () => {
      const evento = first((await call(anonymous(server()), 'GET /api/client/public/eventos', '/api/client/public/eventos')).eventos, 'event').id;
      await call(moderador, 'GET /api/client/moderador/evento/:id', `/api/client/moderador/evento/${evento}`);
      await call(moderador, 'PATCH /api/client/moderador/evento/:id', `/api/client/moderador/evento/${evento}`, {
        status: 201,
        body: { sport_radar_eventId: 'sr:match:1', sport_radar_seasonId: 'sr:season:1' },
      });
      const conversa = first((await call(moderador, 'GET /api/client/moderador/conversas', '/api/client/moderador/conversas')).conversas, 'conversation').id;
      await call(moderador, 'GET /api/client/moderador/conversas/:id/mensagens', `/api/client/moderador/conversas/${conversa}/mensagens`);
      const demoChat = first((await call(demo, `GET ${C}/conversas/fetch`, `${C}/conversas/fetch`)).conversas, 'conversation').id;
      const theirs = first((await call(demo, `GET ${C}/conversas/:id/mensagens`, `${C}/conversas/${demoChat}/mensagens`)).mensagens.filter((m) => m.sender.id !== demo.id), 'message from another user');
      const denuncia = (await call(demo, `POST ${C}/denuncias`, `${C}/denuncias`, { status: 201, body: { tipo: 'mensagem', id: theirs.id, motivo: 'Contrato' } })).denuncia;
      await call(moderador, 'GET /api/client/moderador/denuncias', '/api/client/moderador/denuncias?estado=pendente');
      await call(moderador, 'GET /api/client/moderador/denuncias/:id', `/api/client/moderador/denuncias/${denuncia.id}`);
      await call(moderador, 'PATCH /api/client/moderador/denuncias/:id', `/api/client/moderador/denuncias/${denuncia.id}`, { body: { estado: 'emCurso' } });
      const grupo = first((await call(demo, `GET ${C}/grupos`, `${C}/grupos`)).grupos, 'group').id;
      await call(moderador, 'GET /api/client/moderador/grupos/:grupoId', `/api/client/moderador/grupos/${grupo}`);
      const requests = (await call(moderador, 'GET /api/client/moderador/licencas', '/api/client/moderador/licencas')).licencas;
      const licence = first(requests, 'activation request').id;
      await call(moderador, 'PATCH /api/client/moderador/licencas/:id', `/api/client/moderador/licencas/${licence}`, { body: { accao: 'rejeitar' } });
    });

    group('answers the realtime and push calls in contract', async () => {
      const { pusher, beams } = server().config.realtime;
      await call(demo, 'POST /api/auth/pusher', '/api/auth/pusher/', { body: { socket_id: '1.1', channel_name: `presence-${demo.id}` } });
      await call(demo, 'POST /api/auth/pusher/user-auth', '/api/auth/pusher/user-auth', { body: { socket_id: '1.1' } });
      await call(demo, 'GET /api/auth/pusher/mostrarUsuariosOnline', '/api/auth/pusher/mostrarUsuariosOnline');

      // The Pusher HTTP API, signed as the `pusher` SDK signs it.
      const sdk = new PusherServer({ appId: pusher.appId, key: pusher.key, secret: pusher.secret, host: 'localhost' });
      const signed = async (route: JsonRoute, method: 'GET' | 'POST', path: string, body?: unknown) => {
        const text = body === undefined ? undefined : JSON.stringify(body);
        const query = sdk.createSignedQueryString({ method, path, params: {}, ...(text ? { body: text } : {}) });
        const response = await server().app.request(`${ORIGIN}${path}?${query}`, {
          method,
          ...(text ? { headers: { 'content-type': 'application/json' }, body: text } : {}),
        });
        return inContract(route, response.status, await response.json(), 200);
      };
      const apps = `/apps/${pusher.appId}`;
      await signed('POST /apps/:appId/events', 'POST', `${apps}/events`, { name: 'teste', data: '{}', channels: ['publico'], info: 'subscription_count' });
      await signed('POST /apps/:appId/batch_events', 'POST', `${apps}/batch_events`, { batch: [{ name: 'teste', data: '{}', channel: 'publico', info: 'subscription_count' }] });
      await signed('GET /apps/:appId/channels', 'GET', `${apps}/channels`);
      await signed('GET /apps/:appId/channels/:channel', 'GET', `${apps}/channels/presence-ninguem`);
      await signed('GET /apps/:appId/channels/:channel/users', 'GET', `${apps}/channels/presence-ninguem/users`);
      await signed('POST /apps/:appId/users/:userId/terminate_connections', 'POST', `${apps}/users/ninguem/terminate_connections`, {});

      // The Beams token and the Beams-compatible device API, as the Beams web SDK calls them.
      const { token } = await call(demo, 'GET /api/auth/beams', `/api/auth/beams/?user_id=${demo.id}`);
      const base = `/api/beams/device_api/v1/instances/${beams.instanceId}`;
      await call(demo, `GET ${BEAMS}/web-vapid-public-key`, `${base}/web-vapid-public-key`);
      const subscription = { endpoint: 'https://push.exemplo.ao/contrato', expirationTime: null, keys: { p256dh: 'BPk', auth: 'YXV0aA' } };
      const device = (
        await call(demo, `POST ${BEAMS}/devices/web`, `${base}/devices/web`, {
          body: { token: Buffer.from(JSON.stringify(subscription)).toString('base64'), metadata: { sdkVersion: '2.1.0' } },
        })
      ).id;
      const at = `${base}/devices/web/${device}`;
      await call(demo, `PUT ${BEAMS}/devices/web/:deviceId/user`, `${at}/user`, { headers: { authorization: `Bearer ${token}` } });
      await call(demo, `PUT ${BEAMS}/devices/web/:deviceId/metadata`, `${at}/metadata`, { body: { sdkVersion: '2.1.0' } });
      await call(demo, `PUT ${BEAMS}/devices/web/:deviceId/interests`, `${at}/interests`, { body: { interests: ['geral'] } });
      await call(demo, `POST ${BEAMS}/devices/web/:deviceId/interests/:interest`, `${at}/interests/golos`);
      await call(demo, `GET ${BEAMS}/devices/web/:deviceId/interests`, `${at}/interests`);
      await call(demo, `DELETE ${BEAMS}/devices/web/:deviceId/interests/:interest`, `${at}/interests/golos`);
      await call(demo, `DELETE ${BEAMS}/devices/web/:deviceId`, at);
      await call(demo, 'POST /api/beams/reporting_api/v2/instances/:instanceId/events', `/api/beams/reporting_api/v2/instances/${beams.instanceId}/events`, {
        body: {},
      });
    });

    it('called every JSON route and parsed its answer, or says why not', { timeout: 120_000 }, async () => {
      await runGroups();
      const jsonRoutes = (Object.keys(ANSWERS) as (keyof Routes)[]).filter((key) => !('notJson' in ANSWERS[key])) as JsonRoute[];
      const missed = jsonRoutes.filter((route) => !called.has(route) && NOT_CALLED[route] === undefined);
      expect(missed, 'JSON routes this suite never called').toEqual([]);
      for (const route of Object.keys(NOT_CALLED)) expect(called.has(route), `${route} is called after all: drop it from NOT_CALLED`).toBe(false);
    });
  },
  { env: { PUSH_ENDPOINT_ALLOWLIST: '*.exemplo.ao' } },
);
