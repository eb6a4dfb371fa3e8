import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Sinal } from '../../../../contract/schemas/signals.ts';

/** One POST a push service received. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * The stand-in push service's self-signed certificate (web-push only speaks https), made fresh for each test run
 * with openssl so no key lives in the repository. Names under push.test are for tests that resolve names themselves.
 */
function makeTestCertificate(): { cert: Buffer; key: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'push-tls-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,DNS:*.push.test,IP:127.0.0.1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { cert: readFileSync(join(dir, 'cert.pem')), key: readFileSync(join(dir, 'key.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const PUSH_TLS = makeTestCertificate();

/**
 * How the stand-in answers a path: a status (201 by default), `trickle` (a 201 whose body never ends, a byte at a
 * time) or `silent` (never answers).
 */
export type PushAnswer = number | 'trickle' | 'silent';

/**
 * A stand-in push service (what FCM or Mozilla autopush are to a browser): records what the server posts to a
 * subscription's endpoint and answers as the test chooses (201, 410 for a gone subscription, or misbehaving).
 */
export interface PushReceiver {
  url: string;
  port: number;
  received: ReceivedPush[];
  answer(path: string, how: PushAnswer): void;
  close(): Promise<void>;
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, PushAnswer>();
  const server: Server = createServer(PUSH_TLS, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      const how = answers.get(path) ?? 201;
      if (how === 'silent') return;
      if (how === 'trickle') {
        response.writeHead(201, { 'content-type': 'text/plain' });
        const drip = setInterval(() => response.write('x'), 20);
        response.on('close', () => clearInterval(drip));
        return;
      }
      response.statusCode = how;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    port,
    received,
    answer: (path, how) => answers.set(path, how),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's side of a push subscription: the P-256 key pair and auth secret `pushManager.subscribe` makes. */
export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
  toJSON(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export function fakeSubscription(endpoint: string): FakeSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') };
  return { endpoint, keys, ecdh, authSecret, toJSON: () => ({ endpoint, expirationTime: null, keys }) };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** Decrypts an aes128gcm Web Push body (RFC 8188 + RFC 8291) as the browser would, returning the plaintext. */
export function decryptPush(body: Buffer, subscription: FakeSubscription): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = subscription.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscription.ecdh.getPublicKey(), serverPublicKey]);
  const ikm = hkdf(subscription.authSecret, shared, keyInfo, 32);
  const key = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  return padded.subarray(0, end).toString('utf8');
}

/** A new chat message from Ana Analista: the signal a push to a device carries in these suites. */
export function messageSignal(texto: string): Sinal {
  return {
    mensagem: {
      id: crypto.randomUUID(),
      chatType: 'conversa',
      chatId: crypto.randomUUID(),
      sender: { id: crypto.randomUUID(), nome: 'Ana Analista', nomeUsuario: 'analista', fotografia: null },
      mensagem: texto,
      imagens: [],
      createdAt: new Date().toISOString(),
    },
  };
}
