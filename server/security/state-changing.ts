// Which calls change state, whatever their method (docs/security.md "Cross-site requests"). The spec's client uses
// GET for several mutations; each one is listed here, and server/app.ts puts the CSRF guard (server/security/csrf.ts)
// on exactly these routes, matched by the router itself.
// tests/unit/server/security-web.test.ts walks every GET route the app registers under /api/client and /api/auth
// and fails on one that is in none of the lists below, so a new GET cannot be added without a decision; and
// idempotent() repeats the check, so a mutation that slipped through the lists is still refused cross-site.

const COMMON = '/api/client/common';

/** GET routes (Hono patterns, as registered) that insert, update or delete, or send something on the user's behalf. */
export const MUTATING_GETS: readonly string[] = [
  `${COMMON}/conversas/setUnreadMessageToFalse`,
  // Opens (creates) the conversation with that user.
  `${COMMON}/conversas/com/:nomeUsuario`,
  `${COMMON}/conversas/:id/shareToChat`,
  `${COMMON}/grupos/salas/:id/shareToRoom`,
  `${COMMON}/grupos/:id/shareToGroup`,
  `${COMMON}/grupos/:id/entrar`,
  `${COMMON}/grupos/:id/sairDoGrupo`,
  `${COMMON}/grupos/:id/adicionarUsuario/:userId`,
  `${COMMON}/grupos/:id/removerUsuario/:userId`,
  `${COMMON}/grupos/:id/setAdmin/:userId`,
  `${COMMON}/grupos/:id/unsetAdmin/:userId`,
  // Starts a payment.
  `${COMMON}/grupos/:id/subscrever/:plan`,
  `${COMMON}/contacto/criarNumeroVerifyToken`,
  `${COMMON}/contacto/verifyNumeroTelemovel`,
  `${COMMON}/contacto/verifyNumeroTelemovel/:token`,
  `${COMMON}/licenca/activarLicenca`,
  `${COMMON}/licenca/renovarLicenca/:plan`,
  `${COMMON}/licenca/comprarLicenca/:id`,
  `${COMMON}/licenca/usarCodigoLicenca/:code`,
  // Sends a recovery mail (the optional parameter also matches the path without it).
  '/api/auth/forgotPassword/',
  '/api/auth/forgotPassword/:identifier?',
];

/**
 * GET routes that change state but are opened from outside the app (the link in a mail), so no app mark can be
 * asked of them: they are authorised by the single-use token in the link, never by the session cookie, and a
 * forged request gains nothing without that token.
 */
export const LINK_GETS: readonly string[] = ['/api/auth/verificarEmail/:token?'];

/** GET routes under /api/client and /api/auth that only read (the guard leaves them to CORS and SameSite). */
export const READ_ONLY_GETS: readonly string[] = [
  '/api/auth/*',
  '/api/auth/isAvailable/*',
  '/api/auth/beams',
  '/api/auth/beams/',
  '/api/auth/isAvailable/email/:email?',
  '/api/auth/isAvailable/nomeUsuario/:name?',
  '/api/auth/pusher/mostrarUsuariosOnline',
  '/api/client/apostador/fichas',
  '/api/client/apostador/fichas/:id',
  `${COMMON}/conta/contactDetails`,
  `${COMMON}/conversas/:id`,
  `${COMMON}/conversas/:id/mensagens`,
  `${COMMON}/conversas/fetch`,
  `${COMMON}/fichas/:id`,
  `${COMMON}/fichas/:id/comentarios`,
  `${COMMON}/grupos`,
  `${COMMON}/grupos/:id`,
  `${COMMON}/grupos/:id/imagem`,
  `${COMMON}/grupos/:id/mensagens`,
  `${COMMON}/grupos/salas`,
  `${COMMON}/grupos/salas/:id`,
  `${COMMON}/grupos/salas/:id/mensagens`,
  `${COMMON}/guardadas`,
  `${COMMON}/imagens/:id`,
  `${COMMON}/licenca`,
  `${COMMON}/notificacoes`,
  `${COMMON}/pagamentos`,
  `${COMMON}/pagamentos/:id`,
  `${COMMON}/perfil/:nomeUsuario`,
  `${COMMON}/perfil/:nomeUsuario/fichas`,
  `${COMMON}/perfil/:nomeUsuario/seguidores`,
  `${COMMON}/perfil/:nomeUsuario/seguindo`,
  `${COMMON}/perfil/mostrarMeuPerfil`,
  `${COMMON}/perfil/mostrarMeusUpdates`,
  `${COMMON}/recompensas/:pagamentoId`,
  `${COMMON}/recompensas/enviadas`,
  `${COMMON}/recompensas/enviadas/:pagamentoId`,
  `${COMMON}/recompensas/recebidas`,
  `${COMMON}/recompensas/recebidas/:pagamentoId`,
  `${COMMON}/recompensas/reembolsados`,
  `${COMMON}/recompensas/reembolsados/:pagamentoId`,
  '/api/client/moderador/conversas',
  '/api/client/moderador/conversas/:id/mensagens',
  '/api/client/moderador/denuncias',
  '/api/client/moderador/denuncias/:id',
  '/api/client/moderador/grupos/:grupoId',
  '/api/client/moderador/evento/:id',
  '/api/client/moderador/licencas',
  '/api/client/public/competicoes',
  '/api/client/public/config',
  '/api/client/public/estado',
  '/api/client/public/eventos',
  '/api/client/public/eventos/:id',
  '/api/client/public/explorar/apostas',
  '/api/client/public/explorar/comunidade',
  '/api/client/public/explorar/fichas',
  '/api/client/public/fichas/:nomeUsuario/:fichaId',
  '/api/client/public/fotografias/:userId',
  '/api/client/public/search/:term/usuarios',
  '/api/client/public/search/apostas/live',
  '/api/client/public/search/usuarios',
];

/**
 * POSTs that change nothing: pusher-js must POST its channel authorization and its user authentication, which only
 * sign the session user's own channel or id for a socket and are unreadable cross-site. They are still refused when
 * they come from another site.
 */
export const READ_ONLY_POSTS: readonly string[] = ['/api/auth/pusher', '/api/auth/pusher/', '/api/auth/pusher/user-auth'];

const readOnlyPosts = new Set(READ_ONLY_POSTS);

/** A POST listed in READ_ONLY_POSTS: it needs no app mark, only not to come from another site. */
export function isReadOnlyPost(method: string, path: string): boolean {
  return method === 'POST' && readOnlyPosts.has(path);
}
