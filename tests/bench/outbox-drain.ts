// Outbox drain on the reference network "AO-3G" (DESIGN §10): 500 queued messages, the real client outbox code
// (fake-indexeddb in Node) against the real server, every request delayed by 300 ms RTT plus its bytes at
// 700 kbit/s each way. Prints the drain time and checks 0 lost, 0 duplicated, 0 out of order.
import 'fake-indexeddb/auto';
import { AppDb } from '../../src/db/app-db.ts';
import { sendMessage } from '../../src/sync/resources/messages.ts';
import { outboxRunner } from '../../src/sync/outbox/app-outbox.ts';
import { startFuzzServer } from '../fuzz/server.ts';

const RTT_MS = 300;
const BYTES_PER_MS = (700 * 1024) / 8 / 1000;
const COUNT = Number(process.env.OUTBOX_COUNT ?? 500);

const server = await startFuzzServer();
const realFetch = globalThis.fetch;
let cookie = '';
const remember = (response: Response) => {
  for (const line of response.headers.getSetCookie()) cookie = [cookie, line.split(';')[0]].filter(Boolean).join('; ');
};
const csrf = await realFetch(`${server.url}/api/auth/csrf`);
remember(csrf);
const { csrfToken } = (await csrf.json()) as { csrfToken: string };
const signIn = await realFetch(`${server.url}/api/auth/callback/credentials`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  body: new URLSearchParams({ userData: 'demo', password: 'demo12345', csrfToken, callbackUrl: `${server.url}/`, json: 'true' }).toString(),
  redirect: 'manual',
});
remember(signIn);
const session = (await (await realFetch(`${server.url}/api/auth/session`, { headers: { cookie } })).json()) as { user: { id: string } };

let requests = 0;
(globalThis as { location?: unknown }).location = new URL(`${server.url}/explorar`);
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = input instanceof Request ? input : new Request(input, init);
  const body = request.method === 'GET' ? undefined : await request.text();
  const headers = new Headers(request.headers);
  headers.set('cookie', cookie);
  requests += 1;
  const response = await realFetch(request.url, { method: request.method, headers, ...(body ? { body } : {}) });
  const text = await response.text();
  const bytes = (body?.length ?? 0) + text.length + 600;
  await new Promise((resolve) => setTimeout(resolve, RTT_MS + bytes / BYTES_PER_MS));
  return new Response(text, { status: response.status, headers: response.headers });
};

const db = new AppDb(`bench-outbox-${Date.now()}`);
await db.kv.put({
  key: 'session',
  session: { user: { id: session.user.id, nomeUsuario: 'demo', role: 'usuario' }, expires: new Date(Date.now() + 86_400_000).toISOString() },
  checkedAt: Date.now(),
});
const tag = `bench-${Date.now()}`;
for (let i = 0; i < COUNT; i += 1) {
  await sendMessage(db, { userId: session.user.id, target: { conversaWith: 'moderador' }, mensagem: `${tag}-${i}`, imagens: [] });
}
// The app's own runner (src/sync/outbox/app-outbox.ts): batches of queued entries, one request in flight.
const runner = outboxRunner(db);
const started = performance.now();
while ((await db.outbox.count()) > 0) await runner.poke();
const seconds = (performance.now() - started) / 1000;
runner.stop();

const rows = await server.db.selectFrom('mensagens').select(['mensagem']).where('mensagem', 'like', `${tag}-%`).orderBy('seq').execute();
const seen = rows.map((row) => Number(row.mensagem.slice(tag.length + 1)));
const lost = COUNT - new Set(seen).size;
const duplicated = seen.length - new Set(seen).size;
const outOfOrder = seen.filter((value, index) => index > 0 && value < (seen[index - 1] ?? 0)).length;
console.log(JSON.stringify({ count: COUNT, seconds: Number(seconds.toFixed(1)), requests, lost, duplicated, outOfOrder }));
await server.close();
