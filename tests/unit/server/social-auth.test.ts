import { expect, it } from 'vitest';
import { MSG } from '../../../contract/messages.ts';
import { describeOnEachDb } from './helpers/matrix.ts';
import { anonymous, newUser } from './helpers/social.ts';

const ID = '00000000-0000-4000-8000-000000000001';
const COMMON = '/api/client/common';

/** Every signed-in social call (docs/api/social.md). */
const CALLS: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string][] = [
  ['GET', `${COMMON}/conversas/fetch`],
  ['GET', `${COMMON}/conversas/setUnreadMessageToFalse`],
  ['GET', `${COMMON}/conversas/com/demo`],
  ['POST', `${COMMON}/conversas/com/demo/mensagens`],
  ['GET', `${COMMON}/conversas/${ID}`],
  ['GET', `${COMMON}/conversas/${ID}/mensagens`],
  ['POST', `${COMMON}/conversas/${ID}/mensagens`],
  ['GET', `${COMMON}/conversas/${ID}/shareToChat?resourceType=ficha&resourceId=${ID}`],
  ['GET', `${COMMON}/imagens/${ID}`],
  ['GET', `${COMMON}/grupos`],
  ['POST', `${COMMON}/grupos/criarGrupo`],
  ['GET', `${COMMON}/grupos/${ID}`],
  ['GET', `${COMMON}/grupos/${ID}/imagem`],
  ['PATCH', `${COMMON}/grupos/${ID}/actualizarGrupo`],
  ['DELETE', `${COMMON}/grupos/${ID}/apagarGrupo`],
  ['GET', `${COMMON}/grupos/${ID}/sairDoGrupo`],
  ['GET', `${COMMON}/grupos/${ID}/entrar`],
  ['GET', `${COMMON}/grupos/${ID}/adicionarUsuario/${ID}`],
  ['GET', `${COMMON}/grupos/${ID}/removerUsuario/${ID}`],
  ['GET', `${COMMON}/grupos/${ID}/setAdmin/${ID}`],
  ['GET', `${COMMON}/grupos/${ID}/unsetAdmin/${ID}`],
  ['GET', `${COMMON}/grupos/${ID}/subscrever/mensal`],
  ['GET', `${COMMON}/grupos/${ID}/mensagens`],
  ['POST', `${COMMON}/grupos/${ID}/mensagens`],
  ['GET', `${COMMON}/grupos/${ID}/shareToGroup?resourceType=ficha&resourceId=${ID}`],
  ['GET', `${COMMON}/grupos/salas`],
  ['GET', `${COMMON}/grupos/salas/${ID}`],
  ['GET', `${COMMON}/grupos/salas/${ID}/mensagens`],
  ['POST', `${COMMON}/grupos/salas/${ID}/mensagens`],
  ['GET', `${COMMON}/grupos/salas/${ID}/shareToRoom?resourceType=ficha&resourceId=${ID}`],
  ['GET', `${COMMON}/perfil/mostrarMeuPerfil`],
  ['GET', `${COMMON}/perfil/mostrarMeusUpdates`],
  ['POST', `${COMMON}/perfil/contadores/newMessage/zerar`],
  ['GET', `${COMMON}/perfil/demo`],
  ['POST', `${COMMON}/perfil/demo/seguir`],
  ['DELETE', `${COMMON}/perfil/demo/seguir`],
  ['GET', `${COMMON}/perfil/demo/seguidores`],
  ['GET', `${COMMON}/perfil/demo/seguindo`],
  ['GET', `${COMMON}/notificacoes`],
  ['POST', `${COMMON}/notificacoes/marcarLidas`],
  ['GET', `${COMMON}/conta/contactDetails`],
  ['PATCH', `${COMMON}/conta/actualizar`],
  ['PATCH', `${COMMON}/conta/actualizarPassword`],
  ['GET', `${COMMON}/contacto/criarNumeroVerifyToken`],
  ['GET', `${COMMON}/contacto/verifyNumeroTelemovel/123456`],
  ['GET', `${COMMON}/recompensas/enviadas`],
  ['GET', `${COMMON}/recompensas/recebidas`],
  ['GET', `${COMMON}/recompensas/reembolsados`],
  ['GET', `${COMMON}/recompensas/recebidas/${ID}`],
  ['GET', `${COMMON}/recompensas/${ID}`],
  ['GET', '/api/client/moderador/evento/x'],
  ['PATCH', '/api/client/moderador/evento/x'],
  ['GET', '/api/client/moderador/conversas'],
  ['GET', `/api/client/moderador/conversas/${ID}/mensagens`],
  ['POST', `${COMMON}/denuncias`],
  ['GET', '/api/client/moderador/denuncias'],
  ['PATCH', `/api/client/moderador/denuncias/${ID}`],
  ['GET', `/api/client/moderador/grupos/${ID}`],
];

describeOnEachDb('social calls need a session', (server) => {
  it.each(CALLS)('%s %s → 401 without a session', async (method, path) => {
    const anon = anonymous(server());
    const res = method === 'GET' ? await anon.get(path) : await anon.send(method, path, {});
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 'error', message: MSG.unauthenticated });
  });

  it('refuses a forged session cookie', async () => {
    const res = await server().app.request('http://localhost:8080/api/client/common/grupos', { headers: { cookie: 'authjs.session-token=forjado' } });
    expect(res.status).toBe(401);
  });

  it('never answers 500 to hostile input on any call', async () => {
    const user = await newUser(server(), 'hostil');
    const hostile: (string | undefined)[] = ['{"a":', '[]', 'null', '"texto"', JSON.stringify({ mensagem: { $gt: '' }, nome: ['x'], imagens: 'x' }), undefined];
    for (const [method, rawPath] of CALLS) {
      for (const path of [rawPath, rawPath.replaceAll(ID, "1' or '1'='1"), rawPath.replaceAll(ID, 'x'.repeat(3000))]) {
        for (const body of method === 'GET' ? [undefined] : hostile) {
          const res = method === 'GET' ? await user.get(path) : await user.send(method, path, body);
          expect(res.status, `${method} ${path.slice(0, 80)} ${String(body).slice(0, 30)}`).toBeLessThan(500);
        }
      }
    }
  });

  it('refuses a cross-site mutation (Origin check)', async () => {
    const user = await newUser(server(), 'csrf');
    const res = await user.send('POST', `${COMMON}/grupos/criarGrupo`, { nome: 'Grupo CSRF' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const user = await newUser(server(), 'chave');
    const res = await user.send('POST', `${COMMON}/grupos/criarGrupo`, { nome: 'Grupo Chave' }, { 'idempotency-key': 'não válida!' });
    expect(res.status).toBe(400);
  });
});
