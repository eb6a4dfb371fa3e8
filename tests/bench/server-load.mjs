// Server throughput, one process (DESIGN §10): a closed-loop load generator on node:http with kept-alive
// connections, as browsers call: `Accept-Encoding: gzip, deflate, br`, bodies read and dropped. Each round gives
// every call the same time in short slices taken in turn, so each call's share of the trivial `estado` call comes
// from the same stretch of time (rates swing with the machine's load; the shares much less).
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { URLSearchParams } from 'node:url';

const ACCEPT = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

function cookieJar() {
  const jar = new Map();
  return {
    take(headers) {
      const lines = headers['set-cookie'] ?? [];
      for (const line of lines) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
    header() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
  };
}

function request(agent, origin, { method = 'GET', path, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const url = new URL(path, origin);
    const req = http.request(url, { method, agent, headers: { ...ACCEPT, ...headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

async function signIn(origin, userData = 'demo', password = 'demo12345') {
  const agent = new http.Agent({ keepAlive: false });
  const jar = cookieJar();
  const plainText = { 'accept-encoding': 'identity' };
  const csrf = await request(agent, origin, { path: '/api/auth/csrf', headers: plainText });
  jar.take(csrf.headers);
  const { csrfToken } = JSON.parse(csrf.body.toString());
  const form = new URLSearchParams({ userData, password, csrfToken, callbackUrl: `${origin}/explorar`, json: 'true' }).toString();
  const signed = await request(agent, origin, {
    method: 'POST',
    path: '/api/auth/callback/credentials',
    headers: { ...plainText, cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  jar.take(signed.headers);
  const session = await request(agent, origin, { path: '/api/auth/session', headers: { ...plainText, cookie: jar.header() } });
  const user = JSON.parse(session.body.toString())?.user;
  if (!user?.id) throw new Error(`the load generator could not sign in as ${userData}`);
  return jar.header();
}

/** Runs `make()` requests in `concurrency` loops for `seconds` on `agent`: answers counted, bytes, seconds spent. */
async function load(agent, origin, make, { seconds, concurrency }) {
  const until = performance.now() + seconds * 1000;
  let ok = 0;
  let failed = 0;
  let bytes = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        try {
          const answer = await request(agent, origin, make());
          bytes += answer.body.length;
          if (answer.status >= 200 && answer.status < 300) ok += 1;
          else failed += 1;
        } catch {
          failed += 1;
        }
      }
    }),
  );
  return { ok, failed, bytes, elapsed: (performance.now() - started) / 1000 };
}

export async function serverFigures({ origin, rounds = 5, seconds = 3, concurrency = 16, log = () => {} }) {
  const cookie = await signIn(origin);
  let sent = 0;
  const calls = {
    estado: () => ({ path: '/api/client/public/estado' }),
    eventos: () => ({ path: '/api/client/public/eventos' }),
    session: () => ({ path: '/api/auth/session', headers: { cookie } }),
    send: () => {
      sent += 1;
      return {
        method: 'POST',
        path: '/api/client/common/conversas/com/moderador/mensagens',
        headers: {
          cookie,
          'content-type': 'application/json',
          'x-requested-with': 'fichas',
          'idempotency-key': `bench-${process.pid}-${Date.now()}-${sent}`,
        },
        body: JSON.stringify({ mensagem: `Mensagem de carga ${sent}`, imagens: [] }),
      };
    },
  };
  const results = Object.fromEntries(Object.keys(calls).map((name) => [name, []]));
  const shares = { eventos: [], session: [], send: [] };
  const failures = Object.fromEntries(Object.keys(calls).map((name) => [name, 0]));
  const answerBytes = {};
  const agents = Object.fromEntries(Object.keys(calls).map((name) => [name, new http.Agent({ keepAlive: true, maxSockets: concurrency })]));
  // A short warm-up of every call (JIT, statement caches) that is not counted.
  for (const [name, make] of Object.entries(calls)) await load(agents[name], origin, make, { seconds: 0.5, concurrency });
  // Each round gives every call `seconds` in slices of half a second, the calls taking turns, so a change in the
  // machine's load during the round falls on all of them alike.
  const slices = Math.max(1, Math.round(seconds / 0.5));
  for (let round = 0; round < rounds; round += 1) {
    const totals = Object.fromEntries(Object.keys(calls).map((name) => [name, { ok: 0, failed: 0, bytes: 0, elapsed: 0 }]));
    for (let slice = 0; slice < slices; slice += 1) {
      for (const [name, make] of Object.entries(calls)) {
        const part = await load(agents[name], origin, make, { seconds: seconds / slices, concurrency });
        for (const key of Object.keys(part)) totals[name][key] += part[key];
      }
    }
    const rates = {};
    for (const [name, total] of Object.entries(totals)) {
      rates[name] = total.ok / total.elapsed;
      results[name].push(rates[name]);
      failures[name] += total.failed;
      answerBytes[name] = Math.round(total.bytes / Math.max(1, total.ok + total.failed));
    }
    for (const name of Object.keys(shares)) shares[name].push(rates[name] / rates.estado);
    log(`server round ${round + 1}/${rounds}: ${Object.entries(rates).map(([name, rate]) => `${name} ${Math.round(rate)}`).join(', ')} req/s`);
  }
  for (const agent of Object.values(agents)) agent.destroy();
  return { rates: results, shares, failures, answerBytes, concurrency, seconds };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The median latency (ms) of `count` reads made one after another. */
async function readLatency(agent, origin, make, count) {
  const times = [];
  for (let n = 0; n < count; n += 1) {
    const started = performance.now();
    const answer = await request(agent, origin, make()).catch(() => null);
    // A kept-alive socket closed by the server as it was reused: that read is not timed.
    if (answer === null) continue;
    if (answer.status !== 200) throw new Error(`the read answered ${answer.status}`);
    times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * Another user's read while 40 wrong password changes run at once (DESIGN §10: <= 2x its idle latency): each round
 * measures the read alone, then again while 40 loops each send wrong password changes as fast as they are answered
 * (the bench's server lifts the failed sign-in limit, so every one is checked with scrypt). The read is the reader's
 * licence (GET licenca, a session and a query), the change is the documented PATCH of a signed-in user.
 */
export async function passwordStallFigures({ origin, rounds = 5, reads = 100, log = () => {} }) {
  const attacker = await signIn(origin);
  const reader = await signIn(origin, 'analista', 'analista123');
  const readAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const changeAgent = new http.Agent({ keepAlive: true, maxSockets: 40 });
  const read = () => ({ path: '/api/client/common/licenca', headers: { cookie: reader } });
  let sent = 0;
  const wrongChange = () => {
    sent += 1;
    return {
      method: 'PATCH',
      path: '/api/client/common/conta/actualizarPassword',
      headers: { cookie: attacker, 'content-type': 'application/json', 'x-requested-with': 'fichas', 'idempotency-key': `stall-${process.pid}-${sent}` },
      body: JSON.stringify({ passwordActual: `errada-${sent}`, password: 'novanova123', passwordConfirmacao: 'novanova123' }),
    };
  };
  await readLatency(readAgent, origin, read, 10);
  const idle = [];
  const loaded = [];
  const ratios = [];
  let refused = 0;
  for (let round = 0; round < rounds; round += 1) {
    const alone = await readLatency(readAgent, origin, read, reads);
    let running = true;
    const attackers = Array.from({ length: 40 }, async () => {
      while (running) {
        // A kept-alive socket the server closed as it was reused fails the request: counted, not fatal.
        const answer = await request(changeAgent, origin, wrongChange()).catch(() => null);
        if (answer?.status !== 400) refused += 1;
      }
    });
    // The changes reach the server first.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const during = await readLatency(readAgent, origin, read, reads);
    running = false;
    await Promise.all(attackers);
    idle.push(alone);
    loaded.push(during);
    ratios.push(during / alone);
    log(`password stall round ${round + 1}/${rounds}: read ${alone.toFixed(1)} ms idle, ${during.toFixed(1)} ms during 40 wrong changes`);
  }
  readAgent.destroy();
  changeAgent.destroy();
  return { idle, loaded, ratios, changes: sent, notChecked: refused };
}
