import { Dexie } from 'dexie';
import { AppDb } from '../../src/db/app-db.ts';
import type { OutboxEntry } from '../../src/db/outbox-types.ts';
import { fetchTransport } from '../../src/api/outbox-transport.ts';
import { fetchSession, signInWithCredentials } from '../../src/api/auth.ts';
import { flushOutbox, resumePaused } from '../../src/sync/outbox/replayer.ts';
import { createOutboxRunner, type OutboxRunner } from '../../src/sync/outbox/runner.ts';
import { drainOutboxFromWorker } from '../../sw/outbox-drain.ts';
import { OUTBOX_LOCK } from '../../src/sync/outbox/sender.ts';
import { APPLIERS } from '../../src/sync/outbox/registry.ts';
import { pullLatestMessages, pullOlderMessages, sendMessage } from '../../src/sync/resources/messages.ts';
import { resetCounter, setFollowing } from '../../src/sync/resources/social-actions.ts';
import type { CounterName } from '../../contract/schemas/signals.ts';
import type { PublicUser } from '../../contract/schemas/auth.ts';
import { CookieJar } from '../unit/server/helpers/http.ts';
import { VirtualClock } from './clock.ts';
import { LockHub } from './locks.ts';
import { FuzzNetwork, TAB_HEADER, type Delivery, type Fault, type ParkedRequest } from './network.ts';
import { createRng, type Rng } from '../../server/sports/rng.ts';
import { startFuzzServer, type FuzzServer } from './server.ts';

/**
 * One seed of the outbox fault-injection suite (DESIGN §4 and §9).
 *
 * The REAL client outbox (enqueue through `sendMessage`, `setFollowing`, `resetCounter`; `flushOutbox` run by
 * `createOutboxRunner` under Web Locks, and the service worker's `drainOutboxFromWorker`, both through the one sender
 * and `fetchTransport`) runs on fake-indexeddb against the REAL server
 * over HTTP. The network holds every outbox request until the fuzz loop delivers it, so the seed decides, step by
 * step, what happens: mutations in one of one or two tabs, deliveries (clean, offline, 5xx, lost acknowledgement),
 * pokes, the backoff timers on a virtual clock, offline periods, a session that ends (real 401s) and the same user
 * signing in again, tabs opened and closed, and reloads in mid-flight (the page dies with its request unanswered,
 * before or after the server committed it). After every step the loop waits until each tab is idle, waiting for
 * the lock, or waiting on the network, so a seed replays the same interleaving.
 *
 * Then quiescence (faults off, deliver and advance time until the outbox is empty) and the checks against the
 * server: each message exactly once and in mutation order per conversation, the last follow/unfollow is the follow
 * state (and each new follow notified once), each counter reset committed (its value is what the raises since the
 * last committed reset make it), every mutation's Idempotency-Key stored once, and the store's rows equal the
 * server's after a pull.
 */

export interface SeedOptions {
  /** At least this many mutations (default 200); the seed adds up to 40 more. */
  mutations?: number;
  /**
   * Between the same user signing in again and `resumePaused`, sometimes let another tab enqueue (and so poke) first,
   * as can happen while `refreshSession` waits for the server (default true).
   */
  signInRace?: boolean;
  /** A line of progress (the CLI prints nothing per step). */
  log?: (line: string) => void;
}

export interface SeedResult {
  seed: number;
  mutations: number;
  messages: number;
  follows: number;
  resets: number;
  lost: number;
  duplicated: number;
  outOfOrder: number;
  /** Anything else that does not hold (state mismatch, leftover rows, never drained, errors). */
  problems: string[];
  stats: Record<string, number>;
  ms: number;
}

const DEMO = { userData: 'demo', password: 'demo12345' };
const PEER = { userData: 'moderador', password: 'moderador123' };
/** Conversations the outbox user writes to (by conversaWith). */
const CHAT_PEERS = ['moderador', 'analista'] as const;
const FOLLOW_TARGETS = ['moderador', 'analista', 'fichasoficial'] as const;
/** Counters reset through the outbox; the peer raises them on the server between resets. */
const RESET_COUNTERS: readonly CounterName[] = ['newMessage', 'newNotification'];
const COMMON = '/api/client/common';
const STEP_LIMIT = 20_000;
const QUIESCENCE_ROUNDS = 5_000;
/** Not a threshold of the test: only turns a harness deadlock into a clear failure instead of a hang. */
const STUCK_MS = 60_000;
/** The service worker's place in the network's and the locks' books (tabs are 1, 2, …). */
const WORKER = 0;

type Planned =
  | { n: number; kind: 'message'; mutationId: number; peer: string; text: string }
  | { n: number; kind: 'follow' | 'unfollow'; mutationId: number; target: string }
  | { n: number; kind: 'reset'; mutationId: number; counter: CounterName };

interface Tab {
  id: number;
  db: AppDb;
  runner: OutboxRunner;
  alive: boolean;
}

interface ServerMessage {
  id: string;
  mensagem: string;
  senderId: string;
  createdAt: string;
}

type CounterEvent = { type: 'raise' | 'reset'; counter: CounterName };

const macrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

function countInversions(values: number[]): number {
  let inversions = 0;
  for (let i = 0; i < values.length; i += 1) {
    for (let j = i + 1; j < values.length; j += 1) if ((values[i] as number) > (values[j] as number)) inversions += 1;
  }
  return inversions;
}

let databaseCounter = 0;

export async function runSeed(seed: number, options: SeedOptions = {}): Promise<SeedResult> {
  const started = Date.now();
  const server = await startFuzzServer();
  const previousLocation = Object.getOwnPropertyDescriptor(globalThis, 'location');
  Object.defineProperty(globalThis, 'location', { value: { origin: server.url, href: `${server.url}/` }, configurable: true, writable: true });
  const realFetch = globalThis.fetch;
  const network = new FuzzNetwork(server.url, realFetch);
  const uninstall = network.install();
  const originalError = console.error;
  const consoleErrors: string[] = [];
  console.error = (...args: unknown[]) => {
    consoleErrors.push(args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : String(arg))).join(' '));
    originalError(...args);
  };
  const fuzz = new SeedRun(seed, options, server, network, realFetch);
  try {
    return await fuzz.run(started, consoleErrors);
  } finally {
    console.error = originalError;
    uninstall();
    if (previousLocation) Object.defineProperty(globalThis, 'location', previousLocation);
    else Reflect.deleteProperty(globalThis, 'location');
    await fuzz.dispose();
    await server.close();
  }
}

class SeedRun {
  private readonly prng: Rng;
  private readonly faultPrng: Rng;
  private readonly jitter: Rng;
  private readonly clock = new VirtualClock(1_700_000_000_000);
  private readonly hub = new LockHub();
  private readonly dbName: string;
  private readonly tabs: Tab[] = [];
  private nextTabId = 1;
  private readonly planned: Planned[] = [];
  private readonly counterLog: CounterEvent[] = [];
  private readonly stats: Record<string, number> = {};
  private readonly problems: string[] = [];
  private userId = '';
  private offline = false;
  /** Quiescence: faults have stopped. */
  private quiet = false;
  private sessionExpired = false;
  private peerJar = new CookieJar();
  private peerFollowed = false;
  /** The service worker's drain while Background Sync has it running (sw/outbox-drain.ts). */
  private workerDrain: Promise<void> | null = null;
  private faultRate = 0.3;
  private chatPeers: string[] = [];
  private readonly seed: number;
  private readonly options: SeedOptions;
  private readonly server: FuzzServer;
  private readonly network: FuzzNetwork;
  private readonly realFetch: typeof fetch;

  constructor(seed: number, options: SeedOptions, server: FuzzServer, network: FuzzNetwork, realFetch: typeof fetch) {
    this.seed = seed;
    this.options = options;
    this.server = server;
    this.network = network;
    this.realFetch = realFetch;
    this.prng = createRng(`fuzz:${seed}`);
    this.faultPrng = this.prng.fork('faults');
    this.jitter = this.prng.fork('jitter');
    this.dbName = `fuzz-outbox-${seed}-${process.pid}-${++databaseCounter}`;
  }

  private count(name: string, by = 1): void {
    this.stats[name] = (this.stats[name] ?? 0) + by;
  }

  private liveTabs(): Tab[] {
    return this.tabs.filter((tab) => tab.alive);
  }

  private anyLiveTab(): Tab {
    const tab = this.liveTabs()[0];
    if (!tab) throw new Error('no live tab');
    return tab;
  }

  // ---------------------------------------------------------------- tabs

  private openTab(): Tab {
    const id = this.nextTabId++;
    const db = new AppDb(this.dbName);
    const timers = this.clock.timersFor(id);
    const transport = fetchTransport({ origin: () => location.origin });
    // As src/sync/outbox/app-outbox.ts builds it, with this tab's Web Locks and the virtual clock.
    const runner = createOutboxRunner({
      flush: () =>
        flushOutbox({
          db,
          appliers: APPLIERS,
          now: this.clock.now,
          random: this.jitter.next,
          transport: (request) => transport({ ...request, headers: { ...request.headers, [TAB_HEADER]: String(id) } }),
          batch: true,
        }),
      locks: this.hub.managerFor(id),
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
      now: this.clock.now,
    });
    const tab: Tab = { id, db, runner, alive: true };
    this.tabs.push(tab);
    this.count('tabs_opened');
    return tab;
  }

  /** The page goes away at this moment: whatever it was doing stops, its lock is released, its timers never fire. */
  private async killTab(tab: Tab, reachServer: boolean): Promise<void> {
    const parked = this.network.parkedOf(tab.id);
    if (parked) {
      const delivery = await this.network.abandon(parked, reachServer);
      this.record(parked, delivery, reachServer ? 'abandoned-after-server' : 'abandoned');
      this.count(reachServer ? 'reload_after_commit' : 'reload_before_server');
    }
    tab.alive = false;
    tab.db.close();
    this.clock.dropTab(tab.id);
    this.hub.kill(tab.id);
    if (parked) FuzzNetwork.fail(parked);
    this.count('tabs_closed');
  }

  private poke(tab: Tab): void {
    this.count('pokes');
    void tab.runner.poke();
  }

  /**
   * Background Sync wakes the service worker: it sends the queue with the same sender as the pages and keeps the
   * answers for the next page to fold in (DESIGN §4), under the same lock, through the same held network.
   */
  private wakeWorker(): void {
    this.count('worker_wakes');
    this.workerDrain = drainOutboxFromWorker({
      name: this.dbName,
      fetch: (input, init) => globalThis.fetch(input, init),
      locks: this.hub.managerFor(WORKER),
      origin: this.server.url,
      headers: { [TAB_HEADER]: String(WORKER) },
    }).then(
      (report) => {
        this.count('worker_answers_kept', report.answered);
        this.workerDrain = null;
      },
      (error: unknown) => {
        this.problems.push(`the worker's drain failed: ${error instanceof Error ? error.message : String(error)}`);
        this.workerDrain = null;
      },
    );
  }

  /** The browser stops the worker mid-flight: its request is left unanswered, before or after the server had it. */
  private async stopWorker(reachServer: boolean): Promise<void> {
    const parked = this.network.parkedOf(WORKER);
    if (!parked) return;
    const delivery = await this.network.abandon(parked, reachServer);
    this.record(parked, delivery, reachServer ? 'abandoned-after-server' : 'abandoned');
    this.count(reachServer ? 'worker_stopped_after_commit' : 'worker_stopped_before_server');
    this.hub.kill(WORKER);
    FuzzNetwork.fail(parked);
  }

  /**
   * Waits until nothing moves: every tab idle, waiting for the lock, or waiting on the network. A flush only runs
   * under the lock, so it is enough to wait until the lock is free or its holder has a request held.
   */
  private async settle(): Promise<void> {
    const deadline = Date.now() + STUCK_MS;
    for (;;) {
      await macrotask();
      const holder = this.hub.holder(OUTBOX_LOCK);
      if (holder === null && this.hub.idle(OUTBOX_LOCK)) return;
      if (holder !== null && this.network.parkedOf(holder)) return;
      if (Date.now() > deadline) throw new Error(`harness stuck: lock held by tab ${holder} which neither finishes nor sends`);
      await new Promise<void>((resolve) => {
        const stops: (() => void)[] = [];
        const done = () => {
          for (const stop of stops) stop();
          clearTimeout(guard);
          resolve();
        };
        const guard = setTimeout(done, 1_000);
        stops.push(this.hub.onChange(done), this.network.onChange(done));
      });
    }
  }

  // ---------------------------------------------------------------- session

  private async signInDemo(tab: Tab, race: boolean): Promise<void> {
    const signedIn = await signInWithCredentials({ ...DEMO, callbackUrl: `${this.server.url}/` });
    if (signedIn.kind !== 'ok' || !signedIn.data.ok) throw new Error(`sign-in of ${DEMO.userData} failed: ${JSON.stringify(signedIn)}`);
    const session = await fetchSession();
    if (session.kind !== 'ok' || !session.data) throw new Error(`no session after sign-in: ${JSON.stringify(session)}`);
    if (this.userId && session.data.user.id !== this.userId) throw new Error('signed in as another user');
    this.userId = session.data.user.id;
    await tab.db.kv.put({ key: 'session', session: session.data, checkedAt: this.clock.now(), signOutPending: false });
    this.sessionExpired = false;
    if (race) {
      // While this tab's refreshSession waits for the server, the user writes in another tab (enqueue pokes).
      this.count('sign_in_races');
      for (let i = this.prng.int(1, 2); i > 0; i -= 1) await this.mutate(this.prng.pick(this.liveTabs()));
    }
    // src/sync/session-actions.ts after a refresh that finds the same user: resumePaused, then poke.
    const resumed = await resumePaused(tab.db, this.userId);
    if (resumed > 0) {
      this.count('resumed_entries', resumed);
      this.poke(tab);
    }
    await this.settle();
  }

  private async signInPeer(): Promise<void> {
    const jar = new CookieJar();
    const csrfResponse = await this.realFetch(`${this.server.url}/api/auth/csrf`);
    jar.store(csrfResponse);
    const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
    const response = await this.realFetch(`${this.server.url}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
      body: new URLSearchParams({ ...PEER, csrfToken, callbackUrl: `${this.server.url}/`, json: 'true' }).toString(),
      redirect: 'manual',
    });
    jar.store(response);
    await response.text();
    if (!jar.has('authjs.session-token')) throw new Error(`sign-in of ${PEER.userData} failed: ${response.status}`);
    this.peerJar = jar;
  }

  /** A call by the outbox user outside the outbox (setup and checks): straight to the server with the session. */
  private async control<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await this.network.fetch(`${this.server.url}${path}`, {
      method,
      headers: { 'x-requested-with': 'fichas', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
  }

  /** A call by the other user (who raises the outbox user's counters between resets). */
  private async peer(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await this.realFetch(`${this.server.url}${path}`, {
      method,
      headers: {
        cookie: this.peerJar.header(),
        'x-requested-with': 'fichas',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    this.peerJar.store(response);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
  }

  // ---------------------------------------------------------------- network

  /** Folds what the server did with an outbox request into the log of counter events. */
  private record(request: ParkedRequest, delivery: Delivery, how: string): void {
    this.count(`delivery_${how}`);
    if (!delivery.reached) return;
    this.count('server_requests');
    if (delivery.status === 401) {
      this.count('server_401');
      // Sent before the user signed in again, answered after: the page's session is good again by now.
      if (this.network.hasSessionCookie()) this.count('server_401_after_sign_in');
    }
    if (delivery.items) this.count('server_batches');
    // A batch delivers its items in order; each counts as if it had been sent alone.
    const items = delivery.items ?? [{ path: request.path, status: delivery.status ?? 0, replayed: delivery.replayed === true }];
    for (const item of items) {
      if (item.replayed) this.count('server_replays');
      const reset = /\/perfil\/contadores\/([^/]+)\/zerar$/.exec(item.path);
      if (reset && item.status >= 200 && item.status < 300 && !item.replayed) {
        this.counterLog.push({ type: 'reset', counter: reset[1] as CounterName });
      }
    }
  }

  private pickFault(): Fault {
    if (this.offline) return 'offline';
    if (!this.faultPrng.chance(this.faultRate)) return 'none';
    return this.faultPrng.weighted({ '5xx': 4, 'lost-ack': 6 });
  }

  private async deliver(request: ParkedRequest, fault: Fault): Promise<void> {
    this.count(`fault_${fault}`);
    this.count(this.quiet ? 'deliveries_quiescence' : 'deliveries_fuzz');
    const delivery = await this.network.deliver(request, fault);
    this.record(request, delivery, fault);
    await this.settle();
  }

  // ---------------------------------------------------------------- mutations

  private async mutate(tab: Tab): Promise<void> {
    const n = this.planned.length + 1;
    const kind = this.prng.weighted({ message: 84, follow: 9, reset: 7 });
    if (kind === 'message') {
      const peer = this.prng.pick(this.chatPeers);
      const text = `seed-${this.seed}-m${n}`;
      const mutationId = await sendMessage(tab.db, { userId: this.userId, target: { conversaWith: peer }, mensagem: text, imagens: [] });
      this.planned.push({ n, kind: 'message', mutationId, peer, text });
    } else if (kind === 'follow') {
      const target = this.prng.pick(FOLLOW_TARGETS);
      const follow = this.prng.chance(0.55);
      const mutationId = await setFollowing(tab.db, { userId: this.userId, nomeUsuario: target, follow });
      this.planned.push({ n, kind: follow ? 'follow' : 'unfollow', mutationId, target });
    } else {
      const counter = this.prng.pick(RESET_COUNTERS);
      const mutationId = await resetCounter(tab.db, this.userId, counter);
      this.planned.push({ n, kind: 'reset', mutationId, counter });
    }
    // afterEnqueue: the tab that wrote it pokes its runner.
    this.poke(tab);
    await this.settle();
  }

  /** The other user raises one of the outbox user's counters on the server, between two of the loop's steps. */
  private async raise(): Promise<void> {
    // newNotification goes up when someone starts following, once a day per follower (repeats are merged), so the
    // peer raises it with its first follow; after that it writes a message instead.
    const counter = this.peerFollowed ? 'newMessage' : this.prng.pick(RESET_COUNTERS);
    if (counter === 'newMessage') {
      const answer = await this.peer('POST', `${COMMON}/conversas/com/${DEMO.userData}/mensagens`, { mensagem: `peer-${this.seed}-${this.counterLog.length}`, imagens: [] });
      if (answer.status !== 201) throw new Error(`peer message failed: ${answer.status} ${JSON.stringify(answer.body)}`);
      this.counterLog.push({ type: 'raise', counter });
      this.count('raises');
      return;
    }
    const answer = await this.peer('POST', `${COMMON}/perfil/${DEMO.userData}/seguir`);
    if (answer.status !== 200) throw new Error(`peer follow failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    this.counterLog.push({ type: 'raise', counter });
    this.count('raises');
    this.peerFollowed = true;
  }

  // ---------------------------------------------------------------- the loop

  async run(started: number, consoleErrors: string[]): Promise<SeedResult> {
    const target = (this.options.mutations ?? 200) + this.prng.int(0, 40);
    this.faultRate = 0.15 + this.prng.next() * 0.3;
    this.chatPeers = this.prng.chance(0.5) ? [...CHAT_PEERS] : [CHAT_PEERS[0]];
    const signInRace = this.options.signInRace ?? true;

    const first = this.openTab();
    await this.signInDemo(first, false);
    await this.signInPeer();
    const initialCounters = await this.readCounters();
    // The profile screens have these users in the store (the optimistic follow changes their row).
    const initialFollows = new Map<string, boolean>();
    for (const nomeUsuario of FOLLOW_TARGETS) {
      const profile = await this.control<{ usuario: PublicUser; isFollowing: boolean }>('GET', `${COMMON}/perfil/${nomeUsuario}`);
      if (profile.status !== 200) throw new Error(`profile of ${nomeUsuario}: ${profile.status}`);
      initialFollows.set(nomeUsuario, profile.body.isFollowing);
      const data = { ...profile.body.usuario, isFollowing: profile.body.isFollowing };
      await first.db.users.put({ id: profile.body.usuario.id, nomeUsuario, data, seenAt: 0 });
    }
    this.poke(first); // app start
    await this.settle();

    let steps = 0;
    while (this.planned.length < target) {
      if (++steps > STEP_LIMIT) throw new Error(`no progress after ${STEP_LIMIT} steps`);
      await this.step(signInRace);
      if (this.liveTabs().length > 1) this.count('steps_two_tabs');
    }
    this.log(`seed ${this.seed}: ${this.planned.length} mutations in ${steps} steps; quiescence`);
    await this.quiesce();
    const verdict = await this.check(initialCounters, initialFollows);
    // A live tab's flush that throws (a store error) is logged by the runner; a dead tab's never gets that far.
    for (const line of consoleErrors) this.problems.push(`console.error: ${line}`);
    const kinds = (wanted: Planned['kind'][]) => this.planned.filter((mutation) => wanted.includes(mutation.kind)).length;
    return {
      seed: this.seed,
      mutations: this.planned.length,
      messages: kinds(['message']),
      follows: kinds(['follow', 'unfollow']),
      resets: kinds(['reset']),
      ...verdict,
      problems: this.problems,
      stats: this.stats,
      ms: Date.now() - started,
    };
  }

  private log(line: string): void {
    this.options.log?.(line);
  }

  private async step(signInRace: boolean): Promise<void> {
    const live = this.liveTabs();
    const parked = [...live.map((tab) => tab.id), WORKER].map((id) => this.network.parkedOf(id)).find((request) => request !== undefined);
    const workerParked = this.network.parkedOf(WORKER) !== undefined;
    const action = this.prng.weighted({
      mutate: 30,
      deliver: parked ? 50 : 0,
      poke: 4,
      // Nothing on the wire: usually a backoff is running, so time passes.
      advance: parked ? 4 : 20,
      offline: this.offline ? 3 : 1.2,
      expire: this.sessionExpired ? 0 : 0.8,
      signIn: this.sessionExpired ? 4 : 0,
      reload: 1.5,
      openTab: live.length < 2 ? 1.2 : 0,
      closeTab: live.length > 1 ? 0.8 : 0,
      raise: 2,
      worker: this.workerDrain ? 0 : 2.5,
      stopWorker: workerParked ? 0.6 : 0,
    });
    this.count(`step_${action}`);
    switch (action) {
      case 'mutate':
        return this.mutate(this.prng.pick(live));
      case 'deliver':
        if (parked) return this.deliver(parked, this.pickFault());
        return;
      case 'poke':
        // A trigger at a random moment: visibility, a realtime reconnect, Background Sync.
        this.poke(this.prng.pick(live));
        return this.settle();
      case 'advance': {
        const fired = this.prng.chance(0.5) ? this.clock.advanceToNext() : this.clock.advance(this.prng.int(0, 90_000));
        this.count('timers_fired', fired);
        return this.settle();
      }
      case 'offline':
        this.offline = !this.offline;
        if (this.offline) {
          this.count('offline_periods');
          return;
        }
        // The `online` event pokes every page.
        for (const tab of live) this.poke(tab);
        return this.settle();
      case 'expire':
        // The server no longer knows the session: the next outbox request gets a real 401, with entries queued.
        this.network.dropSessionCookie();
        this.sessionExpired = true;
        this.count('sessions_expired');
        return;
      case 'signIn':
        if (this.offline) {
          this.offline = false;
          for (const tab of live) this.poke(tab);
          await this.settle();
        }
        this.count('signed_in_again');
        return this.signInDemo(this.prng.pick(this.liveTabs()), signInRace && this.prng.chance(0.35));
      case 'reload': {
        const parkedTab = parked ? live.find((tab) => tab.id === parked.tab) : undefined;
        const victim = parkedTab && this.prng.chance(0.75) ? parkedTab : this.prng.pick(live);
        const inFlight = this.network.parkedOf(victim.id);
        await this.killTab(victim, inFlight !== undefined && this.prng.chance(0.5));
        this.count(inFlight ? 'reloads_mid_flight' : 'reloads');
        const fresh = this.openTab();
        if (inFlight) {
          // The new page finds the entry the old one left 'sending'; it goes again under the same key.
          const mutationId = Number(inFlight.idempotencyKey.split(':').at(-1));
          if ((await fresh.db.outbox.get(mutationId))?.state === 'sending') this.count('sending_entries_picked_up');
        }
        this.poke(fresh); // app start
        return this.settle();
      }
      case 'openTab': {
        const fresh = this.openTab();
        this.poke(fresh);
        return this.settle();
      }
      case 'closeTab': {
        const victim = this.prng.pick(live);
        await this.killTab(victim, this.prng.chance(0.5));
        return this.settle();
      }
      case 'raise':
        return this.raise();
      case 'worker':
        this.wakeWorker();
        return this.settle();
      case 'stopWorker':
        await this.stopWorker(this.prng.chance(0.5));
        return this.settle();
    }
  }

  /** Faults stop; deliver, poke and let the timers fire until the outbox is empty (bounded). */
  private async quiesce(): Promise<void> {
    this.quiet = true;
    this.offline = false;
    for (const tab of this.liveTabs()) this.poke(tab);
    await this.settle();
    if (this.sessionExpired) await this.signInDemo(this.anyLiveTab(), false);
    for (let round = 0; round < QUIESCENCE_ROUNDS; round += 1) {
      await this.settle();
      const parked = this.network.parked().find((request) => request.tab === WORKER || this.liveTabs().some((tab) => tab.id === request.tab));
      if (parked) {
        await this.deliver(parked, 'none');
        continue;
      }
      const entries = await this.anyLiveTab().db.outbox.toArray();
      if (entries.length === 0) {
        this.count('quiescence_rounds', round);
        return;
      }
      const rejected = entries.filter((entry) => entry.state === 'rejected');
      if (rejected.length > 0) throw new Error(`entries refused by the server: ${describeEntries(rejected)}`);
      if (entries.some((entry) => entry.state === 'paused')) {
        // Paused by a 401 that was in flight while the user signed in again: the same user is signed in.
        this.count('late_resumes');
        await resumePaused(this.anyLiveTab().db, this.userId);
      }
      if (this.clock.nextDue() !== null) this.count('timers_fired', this.clock.advanceToNext());
      else for (const tab of this.liveTabs()) this.poke(tab);
    }
    const left = await this.anyLiveTab().db.outbox.toArray();
    throw new Error(`the outbox never drained after ${QUIESCENCE_ROUNDS} rounds: ${left.length} entries left: ${describeEntries(left)}`);
  }

  // ---------------------------------------------------------------- checks

  private async readCounters(): Promise<Record<string, number>> {
    const answer = await this.control<{ updates: Record<string, { count: number }> }>('GET', `${COMMON}/perfil/mostrarMeusUpdates`);
    if (answer.status !== 200) throw new Error(`counters: ${answer.status}`);
    return Object.fromEntries(Object.entries(answer.body.updates).map(([name, value]) => [name, value.count]));
  }

  private async serverMessages(conversaId: string): Promise<ServerMessage[]> {
    const all: ServerMessage[] = [];
    let before: string | null = null;
    for (let page = 0; page < 1_000; page += 1) {
      const query: string = before ? `&before=${encodeURIComponent(before)}` : '';
      const answer = await this.control<{ mensagens: { id: string; mensagem: string; sender: { id: string }; createdAt: string }[]; nextBefore: string | null }>(
        'GET',
        `${COMMON}/conversas/${conversaId}/mensagens?size=250${query}`,
      );
      if (answer.status !== 200) throw new Error(`messages of ${conversaId}: ${answer.status}`);
      all.push(
        ...answer.body.mensagens.map((message) => ({ id: message.id, mensagem: message.mensagem, senderId: message.sender.id, createdAt: message.createdAt })),
      );
      before = answer.body.nextBefore;
      if (!before) return all.reverse(); // oldest first
    }
    throw new Error('too many pages');
  }

  private async check(
    initialCounters: Record<string, number>,
    initialFollows: Map<string, boolean>,
  ): Promise<{ lost: number; duplicated: number; outOfOrder: number }> {
    let lost = 0;
    let duplicated = 0;
    let outOfOrder = 0;
    const tab = this.anyLiveTab();
    const db = tab.db;
    const clientRecord = await db.kv.get('clientId');
    const clientId = clientRecord?.key === 'clientId' ? clientRecord.value : '';

    // Every mutation reached the server: its Idempotency-Key is stored for this user (one row per key).
    const keys = await this.server.db.selectFrom('idempotency').select('key').where('user_id', '=', this.userId).execute();
    const stored = new Set(keys.map((row) => row.key));
    const reached = (mutation: Planned) => stored.has(`${clientId}:${mutation.mutationId}`);

    // Messages: exactly once, in mutation order per conversation; the store equals the server after a pull.
    const prefix = `seed-${this.seed}-m`;
    for (const peer of CHAT_PEERS) {
      const mine = this.planned.filter((mutation): mutation is Extract<Planned, { kind: 'message' }> => mutation.kind === 'message' && mutation.peer === peer);
      const opened = await this.control<{ conversa: { id: string } }>('GET', `${COMMON}/conversas/com/${peer}`);
      if (opened.status !== 200) throw new Error(`conversation with ${peer}: ${opened.status}`);
      const conversaId = opened.body.conversa.id;
      const onServer = await this.serverMessages(conversaId);
      const seedMessages = onServer.filter((message) => message.mensagem.startsWith(prefix));
      const byText = new Map<string, number>();
      for (const message of seedMessages) byText.set(message.mensagem, (byText.get(message.mensagem) ?? 0) + 1);
      const plannedTexts = new Map(mine.map((mutation) => [mutation.text, mutation]));
      for (const mutation of mine) {
        const times = byText.get(mutation.text) ?? 0;
        if (times === 0) {
          lost += 1;
          this.problems.push(`lost: message ${mutation.text} (mutation ${mutation.mutationId}) to ${peer} is not on the server`);
        } else if (times > 1) {
          duplicated += times - 1;
          this.problems.push(`duplicated: message ${mutation.text} (mutation ${mutation.mutationId}) is on the server ${times} times`);
        }
        if (times > 0 && !reached(mutation)) this.problems.push(`message ${mutation.text} is on the server without its idempotency record`);
      }
      for (const message of seedMessages) {
        if (message.senderId !== this.userId) this.problems.push(`message ${message.mensagem} has sender ${message.senderId}`);
        if (!plannedTexts.has(message.mensagem)) {
          duplicated += 1;
          this.problems.push(`message ${message.mensagem} is in the conversation with ${peer} but was not sent there`);
        }
      }
      const seen = new Set<string>();
      const order: number[] = [];
      for (const message of seedMessages) {
        const mutation = plannedTexts.get(message.mensagem);
        if (!mutation || seen.has(message.mensagem)) continue;
        seen.add(message.mensagem);
        order.push(mutation.mutationId);
      }
      // The server orders a chat by the place each message took when it was stored (server/db/list-place.ts), so an
      // outbox that delivers out of order shows as inversions every time, even for messages of one millisecond. The
      // times follow that order strictly: the store, which sorts by createdAt, can only match the server if they do.
      const unordered = onServer.filter((message, index) => index > 0 && message.createdAt <= (onServer[index - 1]?.createdAt ?? ''));
      if (unordered.length > 0) {
        this.problems.push(`the server's times of the conversation with ${peer} do not follow its order (e.g. ${unordered[0]?.mensagem})`);
      }
      const inversions = countInversions(order);
      if (inversions > 0) {
        outOfOrder += inversions;
        const firstBad = order.findIndex((value, index) => index > 0 && value < (order[index - 1] as number));
        this.problems.push(
          `out of order: ${inversions} inversions in the conversation with ${peer}; e.g. mutation ${order[firstBad - 1]} before ${order[firstBad]}`,
        );
      }

      // The store: pull the chat like the screen does, newest page then older pages until there are none.
      await pullLatestMessages(db, 'conversa', conversaId);
      for (let page = 0; ; page += 1) {
        const outcome = await pullOlderMessages(db, 'conversa', conversaId);
        if (outcome === 'no-more') break;
        if (outcome === 'error' || page > 1_000) throw new Error(`pulling the conversation with ${peer} failed (${outcome})`);
      }
      const chatKey = `conversa:${conversaId}` as const;
      const local = await db.messages.where('[chatKey+sortKey]').between([chatKey, Dexie.minKey], [chatKey, Dexie.maxKey]).toArray();
      const localLine = local.map((row) => `${row.id}=${row.mensagem}`);
      const serverLine = onServer.map((row) => `${row.id}=${row.mensagem}`);
      if (localLine.join('\n') !== serverLine.join('\n')) {
        const diff = localLine.findIndex((line, index) => line !== serverLine[index]);
        this.problems.push(
          `the store's conversation with ${peer} differs from the server's (${local.length} rows here, ${onServer.length} there; first difference at ${diff}: ${localLine[diff] ?? '(none)'} vs ${serverLine[diff] ?? '(none)'})`,
        );
      }
    }
    const leftovers = await db.messages.filter((row) => row.id.startsWith('local:') || row.chatKey.startsWith('conversa:@')).toArray();
    if (leftovers.length > 0) this.problems.push(`${leftovers.length} local message rows left in the store (e.g. ${leftovers[0]?.id} ${leftovers[0]?.mensagem})`);

    // Follows and counter resets reached the server (exactly once is the server's idempotency; checked below too).
    for (const mutation of this.planned) {
      if (mutation.kind === 'message' || reached(mutation)) continue;
      lost += 1;
      this.problems.push(`lost: ${mutation.kind} (mutation ${mutation.mutationId}) never reached the server`);
    }

    // The follow state is the last follow/unfollow made; each new follow notified the followed user once.
    for (const target of FOLLOW_TARGETS) {
      const mutations = this.planned.filter((mutation): mutation is Extract<Planned, { kind: 'follow' | 'unfollow' }> =>
        (mutation.kind === 'follow' || mutation.kind === 'unfollow') && mutation.target === target,
      );
      let state = initialFollows.get(target) ?? false;
      let newFollows = 0;
      for (const mutation of mutations) {
        if (mutation.kind === 'follow' && !state) newFollows += 1;
        state = mutation.kind === 'follow';
      }
      const profile = await this.control<{ usuario: { id: string }; isFollowing: boolean }>('GET', `${COMMON}/perfil/${target}`);
      if (profile.body.isFollowing !== state) {
        this.problems.push(`follow state of ${target} on the server is ${profile.body.isFollowing}, the last mutation says ${state}`);
      }
      const row = await db.users.get(profile.body.usuario.id);
      if (row?.data.isFollowing !== profile.body.isFollowing) {
        this.problems.push(`the store says isFollowing=${String(row?.data.isFollowing)} for ${target}, the server ${profile.body.isFollowing}`);
      }
      const notified = await this.server.db
        .selectFrom('notificacoes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('usuario_id', '=', profile.body.usuario.id)
        .where('tipo', '=', 'novoSeguidor')
        .where('sender_id', '=', this.userId)
        .executeTakeFirstOrThrow();
      const times = Number(notified.n);
      // A follower is announced once a day however often they follow again (a seed runs within one day), so a
      // follow applied out of order or twice shows as a missing or a second notice.
      const expected = Math.min(1, newFollows);
      if (times !== expected) {
        this.problems.push(`${target} was notified ${times} times of ${newFollows} new follows (once a day is right)`);
      }
    }

    // Counters: each value is what the raises since the last committed reset make it.
    const counters = await this.readCounters();
    for (const counter of RESET_COUNTERS) {
      const events = this.counterLog.filter((event) => event.counter === counter);
      const lastReset = events.map((event) => event.type).lastIndexOf('reset');
      const raisesAfter = events.slice(lastReset + 1).filter((event) => event.type === 'raise').length;
      const expected = (lastReset < 0 ? (initialCounters[counter] ?? 0) : 0) + raisesAfter;
      if (counters[counter] !== expected) {
        this.problems.push(`counter ${counter} is ${counters[counter]} on the server, expected ${expected} (resets and raises: ${events.map((event) => event.type[0]).join('')})`);
      }
    }

    const outbox = await db.outbox.count();
    if (outbox > 0) this.problems.push(`${outbox} outbox entries left`);
    return { lost, duplicated, outOfOrder };
  }

  async dispose(): Promise<void> {
    for (const tab of this.tabs) {
      if (!tab.alive) continue;
      tab.runner.stop();
      tab.alive = false;
      this.hub.kill(tab.id);
      tab.db.close();
    }
    for (const request of [...this.network.parked()]) FuzzNetwork.fail(request);
    await Dexie.delete(this.dbName);
  }
}

function describeEntries(entries: OutboxEntry[]): string {
  return entries
    .slice(0, 5)
    .map((entry) => `#${entry.mutationId} ${entry.kind} ${entry.state}${entry.error ? ` (${entry.error})` : ''}`)
    .join(', ');
}
