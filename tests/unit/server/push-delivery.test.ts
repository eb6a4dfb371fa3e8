import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebPublishSchema } from '../../../contract/schemas/push.ts';
import { SinalSchema, type Sinal } from '../../../contract/schemas/signals.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../server/config.ts';
import { createHostedBeamsDelivery } from '../../../server/push/hosted-beams.ts';
import { createRealtime } from '../../../server/realtime/realtime.ts';
import { createSessionEndEffects } from '../../../server/realtime/session-end-effects.ts';
import { webPublishOf } from '../../../server/push/payload.ts';
import { fitSinal } from '../../../server/realtime/fit-sinal.ts';

// What a push says (the Beams web payload) and how hosted Beams is asked to deliver it.

const photo = `data:image/jpeg;base64,${'A'.repeat(1_300_000)}`;

function mensagem(chatType: 'conversa' | 'grupo' | 'sala', texto: string, inline = false): Sinal {
  return {
    mensagem: {
      id: 'm1',
      chatType,
      chatId: 'chat-1',
      sender: { id: 'u1', nome: 'Ana Analista', nomeUsuario: 'analista', fotografia: inline ? photo : null },
      mensagem: texto,
      imagens: inline ? [{ url: photo }, { url: '/api/imagens/1.jpg' }] : [],
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  };
}

describe('push payload', () => {
  it('opens the right screen for each kind of signal', () => {
    expect(webPublishOf(mensagem('conversa', 'Olá')).notification).toMatchObject({ title: 'Ana Analista', deep_link: '/dashboard/comunidade/conversas/analista' });
    expect(webPublishOf(mensagem('grupo', 'Olá')).notification.deep_link).toBe('/dashboard/comunidade/grupos/chat-1');
    expect(webPublishOf(mensagem('sala', 'Olá')).notification.deep_link).toBe('/dashboard/comunidade/salas/chat-1');
    const notificacao: Sinal = {
      notificacao: { id: 'n1', tipo: 'ficha', mensagem: 'A tua ficha ganhou', pagamentoId: null, sender: null, counter: 'newFichaUpdate', createdAt: '2026-01-01T00:00:00.000Z' },
    };
    expect(webPublishOf(notificacao)).toMatchObject({
      notification: { title: 'Fichas', body: 'A tua ficha ganhou', deep_link: '/dashboard/notifications', hide_notification_if_site_has_focus: true },
      data: { sinal: notificacao },
    });
  });

  it('shows a chat message\'s sender and kind, and carries nothing of its text or images', () => {
    const secret = 'O código do cofre é 4471';
    for (const chatType of ['conversa', 'grupo', 'sala'] as const) {
      const publish = webPublishOf(mensagem(chatType, secret, true));
      expect(publish.notification).toMatchObject({ title: 'Ana Analista', body: 'Nova mensagem' });
      // Only the same words in English, for the en host's service worker (sw/push-words.ts).
      expect(publish.data).toEqual({ en: { title: 'Ana Analista', body: 'New message', icon: '/icons/slipmates-192.png' } });
      const wire = JSON.stringify(publish);
      expect(wire).not.toContain('cofre');
      expect(wire).not.toContain('/api/imagens/1.jpg');
      expect(wire).not.toContain('base64');
    }
  });

  it('says an image was sent when the message has no text', () => {
    const sinal = mensagem('conversa', '  ');
    if ('mensagem' in sinal) sinal.mensagem.imagens = [{ url: '/api/imagens/1.jpg' }];
    expect(webPublishOf(sinal).notification.body).toBe('Enviou uma imagem');
    expect(webPublishOf(sinal).data).toEqual({ en: { title: 'Ana Analista', body: 'Sent an image', icon: '/icons/slipmates-192.png' } });
  });

  it('carries a notification in English too, worded from its facts, with its date as an English reader writes it', () => {
    const active: Sinal = {
      notificacao: {
        id: 'n3',
        tipo: 'grupoSubscricao',
        mensagem: 'A tua subscrição do grupo Kiala VIP está activa até 9 de dezembro de 2026',
        pagamentoId: 'p1',
        sender: null,
        counter: 'newGroupSubscription',
        createdAt: '2026-12-02T10:00:00.000Z',
        recurso: { tipo: 'grupo', id: 'g1' },
        dados: { grupo: 'Kiala VIP', ate: '2026-12-09T10:00:00.000Z' },
      },
    };
    const publish = WebPublishSchema.parse(webPublishOf(active));
    expect(publish.notification).toMatchObject({ title: 'Fichas', body: 'A tua subscrição do grupo Kiala VIP está activa até 9 de dezembro de 2026' });
    expect(publish.data.en).toEqual({
      title: 'Slipmates',
      body: 'Your subscription to the group Kiala VIP is active until 9 December 2026',
      icon: '/icons/slipmates-192.png',
    });
  });

  it('fits a notification with a long text into a web push (about 4 KB)', () => {
    const long: Sinal = {
      notificacao: { id: 'n2', tipo: 'seguir', mensagem: 'palavra '.repeat(2000), pagamentoId: null, sender: { id: 'u1', nome: 'Ana Analista', nomeUsuario: 'analista', fotografia: photo }, counter: 'newNotification', createdAt: '2026-01-01T00:00:00.000Z' },
    };
    const publish = WebPublishSchema.parse(webPublishOf(long));
    expect(Buffer.byteLength(JSON.stringify({ notification: publish.notification, data: publish.data }))).toBeLessThanOrEqual(3000);
    const fitted = SinalSchema.parse(publish.data.sinal);
    if (!('notificacao' in fitted)) throw new Error('expected a notificacao');
    expect(fitted.notificacao.sender?.fotografia).toBeNull();
    expect(fitted.notificacao.mensagem.endsWith('…')).toBe(true);
    expect(publish.notification.body.length).toBeLessThanOrEqual(180);
  });

  it('leaves a signal that fits untouched, and keeps realtime signals under Pusher\'s 10 KB', () => {
    const small = mensagem('grupo', 'curta');
    expect(fitSinal(small, 10_000)).toBe(small);
    const big = fitSinal(mensagem('grupo', 'x'.repeat(30_000), true), 10_000);
    expect(Buffer.byteLength(JSON.stringify({ sinal: big }))).toBeLessThanOrEqual(10_000);
  });
});

describe('hosted Beams publish', () => {
  const requests: { method: string; path: string; headers: IncomingHttpHeaders; body: unknown }[] = [];
  let baseUrl = '';
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: text ? JSON.parse(text) : null });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ publishId: 'pubid-1' }));
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  // Each test reads only the requests it made, in whichever order they run.
  beforeEach(() => {
    requests.length = 0;
  });

  it('publishes to users with the secret key, at most 1000 users per request, in the same web format', async () => {
    const delivery = createHostedBeamsDelivery({ instanceId: 'instancia-1', secretKey: 'chave-secreta', baseUrl });
    const users = Array.from({ length: 1500 }, (_, i) => `user-${i}`);
    const sinal = mensagem('conversa', 'Para todos');
    await delivery.send([...users, 'user-0'], sinal);

    expect(requests.map((r) => r.path)).toEqual([
      '/publish_api/v1/instances/instancia-1/publishes/users',
      '/publish_api/v1/instances/instancia-1/publishes/users',
    ]);
    expect(requests.every((r) => r.headers.authorization === 'Bearer chave-secreta')).toBe(true);
    const bodies = requests.map((r) => r.body as { users: string[]; web: unknown });
    expect(bodies.map((b) => b.users.length)).toEqual([1000, 500]);
    expect(new Set(bodies.flatMap((b) => b.users)).size).toBe(1500);
    expect(WebPublishSchema.parse(bodies[0]?.web)).toEqual(webPublishOf(sinal));
  });

  it('when sessions of a user end, deletes the user through Beams\' Customer API, so none of their devices gets more', async () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'fichas-beams-')), BEAMS_INSTANCE_ID: 'instancia-1', BEAMS_SECRET_KEY: 'chave-secreta' });
    const effects = createSessionEndEffects({ realtime: createRealtime(config), beams: config.realtime.beams, beamsBaseUrl: baseUrl });
    await effects.sessionsEnded('user 7');
    expect(requests.map(({ method, path, headers }) => ({ method, path, authorization: headers.authorization }))).toEqual([
      { method: 'DELETE', path: '/customer_api/v1/instances/instancia-1/users/user%207', authorization: 'Bearer chave-secreta' },
    ]);
  });
});
