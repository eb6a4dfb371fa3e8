import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { BATCH_MAX_ITEMS } from '../../contract/schemas/batch.ts';
import { EN_ORIGIN, PHONE, PT_ORIGIN } from './support/helpers.ts';
import { newPerson, pageFor, type Person } from './support/people.ts';

// Long chats page back to their first message (SPEC §4 Lists, DESIGN §10): a group of three members, a direct chat
// and a match room, their messages sent through the outbox's batch endpoint 25 at a time (so many share a
// millisecond on the server and take the next ones), read on a phone by the "older" control and by scrolling up,
// with a few hundred message rows in the page at most.

// Its tests share nothing: each may run on either worker (and its server), so the two workers share the long ones.
test.describe.configure({ mode: 'parallel' });

test.use({ viewport: PHONE });

const COMMON = '/api/client/common';
/** What a phone may keep in the page however far back the reader goes (virtua renders the rows near the view). */
const MOST_ROWS = 300;

/** `count` messages into `path` numbered from `from`, as outboxes deliver them: batches of 25, the writers taking turns. */
async function sendInBatches(writers: Person[], path: string, label: string, count: number, from = 0) {
  const padded = (n: number) => String(n).padStart(4, '0');
  for (let start = from, turn = from / BATCH_MAX_ITEMS; start < from + count; start += BATCH_MAX_ITEMS, turn += 1) {
    const writer = writers[turn % writers.length]!;
    const pedidos = [];
    for (let n = start; n < Math.min(from + count, start + BATCH_MAX_ITEMS); n += 1) {
      pedidos.push({ method: 'POST', path, body: { mensagem: `${label} ${padded(n)}`, imagens: [] }, idempotencyKey: `e2e:${randomUUID()}` });
    }
    const sent = await writer.api.post(`${COMMON}/lote`, { data: { pedidos } });
    expect(sent.status()).toBe(200);
    const { respostas } = (await sent.json()) as { respostas: { status: number }[] };
    expect(respostas.map((answer) => answer.status)).toEqual(pedidos.map(() => 201));
  }
}

/** What the page holds now, in one round trip: the messages' numbers (`label NNNN`), its rows, and whether the rows
 * at the top and the bottom of the view are drawn (virtua has caught up with the scroll). */
function snapshot(page: Page, label: string): Promise<{ numbers: number[]; rows: number; drawn: boolean }> {
  return page.locator('.message-scroller').evaluate((element, name) => {
    const pattern = new RegExp(`^${name} (\\d{4})$`);
    const numbers = [...element.querySelectorAll('.message-text')].flatMap((node) => pattern.exec(node.textContent ?? '')?.[1] ?? []).map(Number);
    const { left, top, width, bottom } = element.getBoundingClientRect();
    const drawn = [top + 4, bottom - 4].every((y) => !!document.elementFromPoint(left + width / 2, y)?.closest('.message-scroller li'));
    return { numbers, rows: element.querySelectorAll('li').length, drawn };
  }, label);
}

/**
 * Pages back to message 0 of `count`, one step with the "older" control, the next with the mouse wheel over the
 * messages, and so on; every message passes through the page on the way, in order, with at most MOST_ROWS rows.
 * The wheel moves most of a view at a time: every row between two views is drawn in one of them.
 */
async function pageBackToFirst(page: Page, label: string, count: number, olderName: string) {
  const scroller = page.locator('.message-scroller');
  await expect(page.locator('.message-text').filter({ hasText: `${label} ${String(count - 1).padStart(4, '0')}` })).toBeVisible();
  const seen = new Set<number>();
  let lowest = count;
  /** Once the view is drawn: records what it holds and checks its bounds; answers the oldest message shown. */
  const look = async () => {
    let now = await snapshot(page, label);
    await expect.poll(async () => (now = await snapshot(page, label)).drawn).toBe(true);
    for (const n of now.numbers) seen.add(n);
    expect(now.rows).toBeLessThanOrEqual(MOST_ROWS);
    const shown = Math.min(...now.numbers);
    // The reader's place stays as older messages come: the view never jumps back towards the newest.
    expect(shown, `${label}: the view went from ${lowest} back to ${shown}`).toBeLessThanOrEqual(lowest + 50);
    lowest = Math.min(lowest, shown);
    return { shown, numbers: now.numbers };
  };
  let { shown: oldest } = await look();
  const box = await scroller.boundingBox();
  expect(box).not.toBeNull();
  const wheelStep = Math.max(300, Math.floor(box!.height * 0.8));
  for (let step = 0; oldest > 0; step += 1) {
    const before = oldest;
    const button = page.getByRole('button', { name: olderName });
    // Every other step asks with the control, while it shows (once every message is on the phone it goes).
    let pointerAway = false;
    if (step % 2 === 0 && (await button.isVisible())) {
      await button.click();
      pointerAway = true;
    }
    let numbers: number[] = [];
    // Up until something older shows (the wheel also asks for the next page when it nears the top), a view at a
    // time so that every row passes through the page.
    await expect
      .poll(
        async () => {
          for (let turn = 0; turn < 4 && oldest >= before; turn += 1) {
            // Over the messages (a click on the control moved the pointer away).
            if (pointerAway || step === 0) await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
            pointerAway = false;
            await page.mouse.wheel(0, -wheelStep);
            ({ shown: oldest, numbers } = await look());
          }
          return oldest;
        },
        { timeout: 20_000, intervals: [50], message: `${label}: older than ${before} after step ${step}` },
      )
      .toBeLessThan(before);
    // The rows in the page are a run of the chat in order, with no gap and no repeat.
    const inOrder = (list: number[]) => list.every((n, index) => n === (list[0] ?? 0) + index);
    if (!inOrder(numbers)) await expect.poll(async () => inOrder((await snapshot(page, label)).numbers), { message: `${label}: rows in order after step ${step}` }).toBe(true);
  }
  await expect(page.locator('.message-text').filter({ hasText: `${label} 0000` })).toBeVisible();
  const missed = Array.from({ length: count }, (_, n) => n).filter((n) => !seen.has(n));
  expect(missed, `${label}: messages that never showed`).toEqual([]);
  expect((await snapshot(page, label)).rows).toBeLessThanOrEqual(MOST_ROWS);
  // At the start, nothing older to ask for.
  await expect(page.getByRole('button', { name: olderName })).toHaveCount(0);
}

async function joinOpenGroup(creator: Person, others: Person[]): Promise<string> {
  const created = await creator.api.post(`${COMMON}/grupos/criarGrupo`, { data: { nome: `Longa ${randomUUID().slice(0, 6)}` } });
  expect(created.status()).toBe(201);
  const { grupo } = (await created.json()) as { grupo: { id: string } };
  for (const other of others) expect((await other.api.get(`${COMMON}/grupos/${grupo.id}/entrar`)).status()).toBe(200);
  return grupo.id;
}

/**
 * Resolves once the page's live channel is subscribed (the server's subscription_succeeded frame): messages sent
 * after that reach the phone as live signals. Call before navigating.
 */
function realtimeSubscribed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('subscription_succeeded')) resolve();
      }),
    );
  });
}

/**
 * A chat of `count` messages whose newer half reached the reader's phone live, while the app was open on another
 * screen (so the pages just before the newest one are on the phone already, and the older half is not), then read.
 */
async function writeWhileOpenElsewhere(page: Page, origin: string, elsewhere: string, write: (from: number, count: number) => Promise<void>, count: number) {
  const half = Math.floor(count / 2 / BATCH_MAX_ITEMS) * BATCH_MAX_ITEMS;
  await write(0, half);
  const subscribed = realtimeSubscribed(page);
  await page.goto(`${origin}${elsewhere}`);
  await subscribed;
  await write(half, count - half);
}

test('a group of three members with 1,200 messages sent in batches of 25 pages back to its first message (pt)', async ({ browser }) => {
  test.setTimeout(600_000);
  const [a, b, c] = [await newPerson('94'), await newPerson('94'), await newPerson('94')];
  const id = await joinOpenGroup(a, [b, c]);
  const page = await pageFor(browser, a);
  const path = `${COMMON}/grupos/${id}/mensagens`;
  await writeWhileOpenElsewhere(page, PT_ORIGIN, '/dashboard/comunidade/grupos', (from, count) => sendInBatches([a, b, c], path, 'Grupo', count, from), 1200);
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/grupos/${id}`);
  await pageBackToFirst(page, 'Grupo', 1200, 'Mensagens anteriores');
  await page.context().close();
  await Promise.all([a, b, c].map((person) => person.api.dispose()));
});

test('a direct chat of 800 messages pages back to its first message (en)', async ({ browser }) => {
  test.setTimeout(300_000);
  const [a, b] = [await newPerson('94'), await newPerson('94')];
  const page = await pageFor(browser, a, PHONE, EN_ORIGIN);
  // Each writes to the other by name; both land in their one conversation.
  const write = async (from: number, count: number) => {
    for (let start = from; start < from + count; start += BATCH_MAX_ITEMS) {
      const [writer, to] = (start / BATCH_MAX_ITEMS) % 2 === 0 ? [b, a] : [a, b];
      await sendInBatches([writer], `${COMMON}/conversas/com/${to.user.nomeUsuario}/mensagens`, 'Conversa', Math.min(BATCH_MAX_ITEMS, from + count - start), start);
    }
  };
  await writeWhileOpenElsewhere(page, EN_ORIGIN, '/dashboard/comunidade/conversas', write, 800);
  await page.goto(`${EN_ORIGIN}/dashboard/comunidade/conversas/${b.user.nomeUsuario}`);
  await pageBackToFirst(page, 'Conversa', 800, 'Earlier messages');
  await page.context().close();
  await Promise.all([a, b].map((person) => person.api.dispose()));
});

test('a match room of 400 messages from three people pages back to its first message (pt)', async ({ browser }) => {
  test.setTimeout(300_000);
  const [a, b, c] = [await newPerson('94'), await newPerson('94'), await newPerson('94')];
  // The last room of the list: the room specs use the live and the next matches' rooms, and each text here is new.
  const listed = await a.api.get(`${COMMON}/grupos/salas?pageNumber=1&size=50`);
  expect(listed.status()).toBe(200);
  const rooms = ((await listed.json()) as { data: { id: string }[] }).data;
  const roomId = rooms.at(-1)?.id;
  expect(roomId, 'the demo has rooms').toBeDefined();
  const label = `Sala${randomUUID().slice(0, 4)}`;
  await sendInBatches([b, c, a], `${COMMON}/grupos/salas/${roomId!}/mensagens`, label, 400);
  const page = await pageFor(browser, a);
  await page.goto(`${PT_ORIGIN}/dashboard/comunidade/salas/${roomId!}`);
  await pageBackToFirst(page, label, 400, 'Mensagens anteriores');
  await page.context().close();
  await Promise.all([a, b, c].map((person) => person.api.dispose()));
});
