import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import * as playwright from '@playwright/test';
import { PHONE } from './support/helpers.ts';
import { freePort, freshDatabase, query, startProcess, type ServerProcess } from './support/processes.ts';
import { waitForChatSettled } from './support/offline.ts';

// docs/operations.md, "Running several processes": three server processes on one PostgreSQL and one realtime
// server (the embedded one run alone), two people in real Chromium on different processes, the process running
// the match simulator killed mid-match. Afterwards the database holds every message once and every slip settled
// once. The one-line summary at the end says what was checked.

const ADMIN_URL = process.env.DATABASE_URL_TEST || 'postgres://postgres@127.0.0.1:5432/test';
const APP_READY = /a correr em http:\/\/localhost:\d+/;
const DEMO = { userData: 'demo', password: 'demo12345' };
const MODERATOR = { userData: 'moderador', password: 'moderador123' };

test.use({ viewport: PHONE });

let database: { url: string; drop(): Promise<void> };
let realtime: ServerProcess;
const apps: ServerProcess[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  database = await freshDatabase(ADMIN_URL, `fichas_mp_${Date.now().toString(36)}`);
  realtime = await startProcess({
    name: 'realtime',
    script: 'server/realtime/standalone.ts',
    port: await freePort(),
    env: { DATABASE_URL: database.url },
    ready: /Servidor de tempo real/,
  });
  const appEnv = {
    DATABASE_URL: database.url,
    // Not the one-command demo (DATABASE_URL): demo users and the test payment page on request.
    SEED: 'on',
    PAYMENTS: 'simulated',
    PUSHER_HOST: '127.0.0.1',
    PUSHER_PORT: String(realtime.port),
    // The demo's live matches (server/sports/demo-matches.ts: one 27 minutes in, one at half-time, one in the second
    // half) must still be playing when the simulator's process is killed, well into the test on a loaded machine:
    // at 40 match minutes a real minute the first half's match ends about two minutes after the seed.
    SIMULATOR_SPEED: '40',
    JOB_LEASE_SECONDS: '4',
    JOB_HEARTBEAT_SECONDS: '1',
  };
  // The first process seeds the empty database; the other two start on it together.
  apps.push(await startProcess({ name: 'app-a', script: 'server/main.ts', port: await freePort(), env: appEnv, ready: APP_READY }));
  const [portB, portC] = [await freePort(), await freePort()];
  apps.push(
    ...(await Promise.all([
      startProcess({ name: 'app-b', script: 'server/main.ts', port: portB, env: appEnv, ready: APP_READY }),
      startProcess({ name: 'app-c', script: 'server/main.ts', port: portC, env: appEnv, ready: APP_READY }),
    ])),
  );
});

test.afterAll(async () => {
  await Promise.all([...apps, realtime].filter(Boolean).map((process) => process.kill('SIGTERM')));
  await database?.drop();
});

const origin = (process: ServerProcess) => `http://localhost:${process.port}`;

async function signedInPage(browser: Browser, process: ServerProcess, user: typeof DEMO): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  // A crash of the page shows as the error fallback; its cause belongs in the test's output.
  page.on('pageerror', (error) => console.error(`[${user.userData} on ${process.name}] ${error.stack ?? error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    void Promise.all(
      message.args().map((arg) =>
        arg.evaluate((value) => {
          if (!(value instanceof Error)) return String(value);
          // The error's class name (minified away in the stack of a production build), a Dexie error's wrapped cause
          // (`inner`) and a zod error's issues.
          const extra = value as { issues?: unknown; inner?: Error | null };
          return [`${value.name}: ${value.message}`, value.stack, extra.inner?.stack, extra.issues && JSON.stringify(extra.issues)].filter(Boolean).join('\n');
        }),
      ),
    ).then((parts) => console.error(`[${user.userData} on ${process.name}] ${parts.join(' ') || message.text()}`));
  });
  await page.goto(`${origin(process)}/login`);
  await page.locator('#field-userData').fill(user.userData);
  await page.locator('#field-password').fill(user.password);
  await page.locator('form button[type=submit]').click();
  await expect(page).toHaveURL(/\/explorar$/);
  return page;
}

async function apiSession(process: ServerProcess, user: typeof DEMO): Promise<APIRequestContext> {
  const request = await playwright.request.newContext({ baseURL: origin(process), extraHTTPHeaders: { 'X-Requested-With': 'fichas' } });
  const { csrfToken } = await (await request.get('/api/auth/csrf')).json();
  const response = await request.post('/api/auth/callback/credentials', {
    form: { csrfToken, userData: user.userData, password: user.password, callbackUrl: `${origin(process)}/explorar`, json: 'true' },
  });
  expect(response.status()).toBe(200);
  return request;
}

async function pusherConnected(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).some((entry) => entry.name.includes('/api/auth/pusher'))),
    )
    .toBe(true);
}

test('three processes on one database and one realtime server behave as one server', async ({ browser }) => {
  test.setTimeout(420_000);
  const [a, b, c] = apps as [ServerProcess, ServerProcess, ServerProcess];
  const summary: string[] = [];

  // Two people, each page served by a different process; realtime goes through the one shared server.
  const alice = await signedInPage(browser, a, DEMO);
  const bruno = await signedInPage(browser, b, MODERATOR);
  await alice.goto(`${origin(a)}/dashboard/comunidade/conversas/moderador`);
  await bruno.goto(`${origin(b)}/dashboard/comunidade/conversas/demo`);
  await Promise.all([pusherConnected(alice), pusherConnected(bruno)]);

  // A session made on process A is good on process C (one auth secret, from the database).
  const sessionOnC = await (await alice.context().request.get(`${origin(c)}/api/auth/session`)).json();
  expect(sessionOnC.user?.nomeUsuario).toBe('demo');

  const texts: string[] = [];
  const tag = Date.now().toString(36);
  for (let round = 0; round < 3; round += 1) {
    const fromAlice = `Olá do processo A ${tag}-${round}`;
    await alice.getByRole('textbox', { name: 'Mensagem' }).fill(fromAlice);
    await alice.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(bruno.locator('.message').filter({ hasText: fromAlice })).toBeVisible({ timeout: 15_000 });
    const fromBruno = `Resposta do processo B ${tag}-${round}`;
    await bruno.getByRole('textbox', { name: 'Mensagem' }).fill(fromBruno);
    await bruno.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(alice.locator('.message').filter({ hasText: fromBruno })).toBeVisible({ timeout: 15_000 });
    texts.push(fromAlice, fromBruno);
  }
  summary.push(`live messages=${texts.length}`);

  // A slip shared on process C reaches the other person's page, served by B, live.
  const demoApi = await apiSession(c, DEMO);
  const slips = await (await demoApi.get('/api/client/apostador/fichas?filtro=criadas&size=5')).json();
  const slipId: string = slips.fichas[0].id;
  const conversation = await (await demoApi.get('/api/client/common/conversas/com/moderador')).json();
  const shared = await demoApi.get(
    `/api/client/common/conversas/${conversation.conversa.id}/shareToChat?resourceType=ficha&resourceId=${slipId}`,
    { headers: { 'Idempotency-Key': `mp:${tag}:share` } },
  );
  expect(shared.status()).toBeLessThan(300);
  // The shared slip shows as a card whose "Abrir ficha" opens the slip (its public page, for someone else's slip).
  await expect(bruno.locator(`.shared-slip a[href$="/fichas/${slipId}"]`)).toBeVisible({ timeout: 15_000 });
  summary.push('slip shared live');

  // An Idempotency-Key used on A and replayed on C answers the stored result and adds nothing.
  const onA = await apiSession(a, DEMO);
  const keyed = `Mensagem com chave ${tag}`;
  const first = await onA.post('/api/client/common/conversas/com/moderador/mensagens', {
    data: { mensagem: keyed, imagens: [] },
    headers: { 'Idempotency-Key': `mp:${tag}:key` },
  });
  const replay = await demoApi.post('/api/client/common/conversas/com/moderador/mensagens', {
    data: { mensagem: keyed, imagens: [] },
    headers: { 'Idempotency-Key': `mp:${tag}:key` },
  });
  expect(first.status()).toBe(201);
  expect(replay.status()).toBe(201);
  expect(replay.headers()['idempotent-replayed']).toBe('true');
  expect(await replay.json()).toEqual(await first.json());
  texts.push(keyed);

  // A counter reset on C is what A and B read. The moderator leaves the chat first: a chat open on screen reads
  // what arrives in it, so its counter would stay at 0.
  // What the chat queues for what it shows (its mark-read) is delivered first: delivered after the next message, it
  // would mark that one read too.
  await expect(bruno.locator('.message').filter({ hasText: keyed })).toBeVisible({ timeout: 15_000 });
  await waitForChatSettled(bruno, 'demo');
  await bruno.goto(`${origin(b)}/explorar`);
  const moderatorOnB = await apiSession(b, MODERATOR);
  const moderatorOnC = await apiSession(c, MODERATOR);
  const counter = async (api: APIRequestContext) => (await (await api.get('/api/client/common/perfil/mostrarMeusUpdates')).json()).updates.newMessage.count;
  const unread = `Por ler ${tag}`;
  const sentUnread = await onA.post('/api/client/common/conversas/com/moderador/mensagens', {
    data: { mensagem: unread, imagens: [] },
    headers: { 'Idempotency-Key': `mp:${tag}:unread` },
  });
  expect(sentUnread.status()).toBe(201);
  texts.push(unread);
  await expect.poll(() => counter(moderatorOnB), { timeout: 10_000 }).toBeGreaterThan(0);
  expect((await moderatorOnC.post('/api/client/common/perfil/contadores/newMessage/zerar', { headers: { 'Idempotency-Key': `mp:${tag}:zerar` } })).status()).toBe(200);
  expect(await counter(moderatorOnB)).toBe(0);
  summary.push('idempotency and counters shared');

  // Who is online is the same from every process: presence lives in the one realtime server.
  for (const process of [a, c]) {
    await expect
      .poll(async () => {
        const online = await (await moderatorOnB.get(`${origin(process)}/api/auth/pusher/mostrarUsuariosOnline`)).json();
        return (online.usuarios as { nomeUsuario: string }[]).map((user) => user.nomeUsuario).sort();
      }, { timeout: 20_000 })
      .toEqual(expect.arrayContaining(['demo', 'moderador']));
  }
  summary.push('presence shared');

  // A rate limit reached through A holds on B: the counters are in the database.
  const guesser = await playwright.request.newContext({ baseURL: origin(a) });
  const attempt = async (process: ServerProcess, password: string) => {
    const { csrfToken } = await (await guesser.get(`${origin(process)}/api/auth/csrf`)).json();
    return guesser.post(`${origin(process)}/api/auth/callback/credentials`, {
      form: { csrfToken, userData: 'analista', password, callbackUrl: `${origin(process)}/explorar`, json: 'true' },
    });
  };
  const statuses: number[] = [];
  for (let i = 0; i < 12; i += 1) statuses.push((await attempt(a, `errada-${i}-xyz`)).status());
  expect(statuses).toContain(429);
  expect((await attempt(b, 'analista123')).status()).toBe(429);
  summary.push('rate limit shared');

  // The simulator runs in exactly one process; kill it mid-match and another takes the match on.
  type Lease = { holder: string; expires_at: string };
  const holderOf = async () => (await query<Lease>(database.url, `select holder, expires_at from job_leases where job = 'simulador'`))[0];
  const lease = await holderOf();
  expect(lease).toBeDefined();
  const pid = Number(lease!.holder.split(':')[1]);
  const victim = apps.find((process) => process.child.pid === pid);
  expect(victim, `lease holder ${lease!.holder} is one of the three processes`).toBeDefined();
  type Match = { id: string; status: string; clock: number };
  const live = await query<Match>(
    database.url,
    `select e.id, e.status, m.clock from eventos e join evento_modelos m on m.evento_id = e.id where e.status in ('LIVE', 'HT') order by m.clock desc`,
  );
  expect(live.length, 'a demo match is still live when the simulator is killed').toBeGreaterThan(0);
  const watched = live[0]!;
  // Single-leg slips of demo's on every live match, so there are slips the take-over must settle exactly once. The
  // app refuses new slips on started matches, so they are written as the feed would find them.
  const [demoUser] = await query<{ id: string }>(database.url, `select id from usuarios where nome_usuario = 'demo'`);
  const tracked: string[] = [];
  for (const match of live) {
    const markets = await query<{ tipo: string; escolha: string; odds: number; probabilidade: number }>(
      database.url,
      `select tipo, escolha, odds, probabilidade from mercados where evento_id = $1 order by ordem limit 2`,
      [match.id],
    );
    for (const market of markets) {
      const id = crypto.randomUUID();
      const at = new Date().toISOString();
      // Each slip takes its place in the slips' list as the app's inserts do (server/db/list-place.ts).
      await query(
        database.url,
        `with place as (
           insert into sequencias (nome, valor, ultimo_ms) values ('fichas', 1, $4)
           on conflict (nome) do update set valor = sequencias.valor + 1, ultimo_ms = greatest(excluded.ultimo_ms, sequencias.ultimo_ms + 1)
           returning valor)
         insert into fichas (id, usuario_id, valor, estado, oculta, odds_change, created_at, seq, settled_at, updated_at)
         select $1, $2, 100, 'pending', 0, 0, $3, place.valor, null, $3 from place`,
        [id, demoUser!.id, at, Date.parse(at)],
      );
      await query(
        database.url,
        `insert into ficha_selecoes (ficha_id, posicao, evento_id, tipo, escolha, odds, probabilidade, odds_trend, probabilidade_trend, bet_status, has_warning) values ($1, 0, $2, $3, $4, $5, $6, 'up', 'up', 'pending', 0)`,
        [id, match.id, market.tipo, market.escolha, market.odds, market.probabilidade],
      );
      tracked.push(id);
    }
  }
  expect(tracked.length).toBeGreaterThan(0);
  const killedAt = Date.now();
  await victim!.kill('SIGKILL');
  await expect.poll(async () => (await holderOf())?.holder, { timeout: 30_000 }).not.toBe(lease!.holder);
  const takeover = ((Date.now() - killedAt) / 1000).toFixed(1);
  const newHolderPid = Number((await holderOf())!.holder.split(':')[1]);
  expect(apps.filter((process) => process !== victim).map((process) => process.child.pid)).toContain(newHolderPid);
  await expect
    .poll(async () => (await query<Match>(database.url, `select e.id, e.status, m.clock from eventos e join evento_modelos m on m.evento_id = e.id where e.id = $1`, [watched.id]))[0]?.clock ?? 0, { timeout: 30_000 })
    .toBeGreaterThan(watched.clock);
  // Every match that was live when the holder died plays to its end.
  await expect
    .poll(
      async () =>
        (await query<{ n: string }>(database.url, `select count(*) as n from eventos where id = any($1) and status in ('LIVE', 'HT')`, [live.map((m) => m.id)]))[0]?.n,
      { timeout: 240_000, intervals: [2_000] },
    )
    .toBe('0');
  summary.push(`simulator taken over in ${takeover} s, ${live.length} live matches played to the end`);

  // What the database holds: every message once, every slip on those matches settled once with one notification.
  for (const text of texts) {
    const rows = await query<{ n: string }>(database.url, `select count(*) as n from mensagens where mensagem = $1`, [text]);
    expect(rows[0]?.n, text).toBe('1');
  }
  const settled = await query<{ id: string; estado: string; notes: string }>(
    database.url,
    `select f.id, f.estado, (select count(*) from notificacoes n where n.recurso_tipo = 'ficha' and n.recurso_id = f.id and n.tipo = 'ficha') as notes
       from fichas f where f.id = any($1)`,
    [tracked],
  );
  expect(settled).toHaveLength(tracked.length);
  for (const slip of settled) {
    expect(slip.estado, `slip ${slip.id}`).not.toBe('pending');
    expect(slip.notes, `notifications of slip ${slip.id}`).toBe('1');
  }
  const pendingLegs = await query<{ n: string }>(database.url, `select count(*) as n from ficha_selecoes where evento_id = any($1) and bet_status = 'pending'`, [live.map((m) => m.id)]);
  expect(pendingLegs[0]?.n).toBe('0');
  summary.push(`messages each once=${texts.length}, slips settled once=${settled.length}`);

  console.log(`multi-process: processes=3 realtime=1 postgres=1; ${summary.join('; ')}`);
  for (const api of [demoApi, onA, moderatorOnB, moderatorOnC, guesser]) await api.dispose();
  // Closed before the processes stop, so the pages do not go on reconnecting to a server that is gone.
  await Promise.all([alice.context().close(), bruno.context().close()]);
});
