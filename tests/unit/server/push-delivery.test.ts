import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebPublishSchema } from '../../../contract/schemas/push.ts';
import { SinalSchema, type Sinal } from '../../../contract/schemas/signals.ts';
import { createHostedBeamsDelivery } from '../../../server/push/hosted-beams.ts';
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
    expect(webPublishOf(mensagem('conversa', 'Olá')).notification).toMatchObject({ title: 'Ana Analista', body: 'Olá', deep_link: '/dashboard/comunidade/conversas/analista' });
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

  it('says an image was sent when the message has no text', () => {
    const sinal = mensagem('conversa', '  ');
    if ('mensagem' in sinal) sinal.mensagem.imagens = [{ url: '/api/imagens/1.jpg' }];
    expect(webPublishOf(sinal).notification.body).toBe('Enviou uma imagem');
  });

  it('fits a signal with inline photos and a long text into a web push (about 4 KB)', () => {
    const publish = WebPublishSchema.parse(webPublishOf(mensagem('conversa', 'palavra '.repeat(2000), true)));
    expect(Buffer.byteLength(JSON.stringify({ notification: publish.notification, data: publish.data }))).toBeLessThanOrEqual(3000);
    const fitted = SinalSchema.parse(publish.data.sinal);
    if (!('mensagem' in fitted)) throw new Error('expected a mensagem');
    expect(fitted.mensagem.sender.fotografia).toBeNull();
    expect(fitted.mensagem.imagens).toEqual([{ url: '/api/imagens/1.jpg' }]);
    expect(fitted.mensagem.mensagem.endsWith('…')).toBe(true);
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
  const requests: { path: string; headers: IncomingHttpHeaders; body: unknown }[] = [];
  let baseUrl = '';
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      requests.push({ path: request.url ?? '', headers: request.headers, body: JSON.parse(text) });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ publishId: 'pubid-1' }));
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

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
});
