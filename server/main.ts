import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDb } from './db/create-db.ts';
import { shareGeneratedSecrets } from './shared-secrets.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createPushDelivery } from './push/push.ts';
import { createPusherSignals } from './realtime/pusher-signals.ts';
import { createRealtime } from './realtime/realtime.ts';
import { DEMO_USERS } from './seed/demo-users.ts';
import { seedDemoUsers } from './seed/seed.ts';
import { isDemoDatabase, markDemoDatabase } from './seed/demo-flag.ts';
import { createGeneratedProvider } from './sports/generated-provider.ts';
import { syncFixtures } from './sports/sync-fixtures.ts';
import { backgroundJobs } from './jobs/background-jobs.ts';
import { JobScheduler } from './jobs/scheduler.ts';
import { seedBettingDemo } from './slips/demo-slips.ts';
import { seedRoomMessages } from './social/seed/seed-social.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const { db, kind } = createDb(config);
  await migrateToLatest(db);
  // On PostgreSQL, keys not given in the environment are shared through the database (several processes).
  config = await shareGeneratedSecrets(config, db, kind);
  // Demo users (with published passwords) only ever go into an empty database, which is then marked as the demo.
  const seeded = config.seed ? await seedDemoUsers(db) : false;
  if (seeded) await markDemoDatabase(db);
  const demoDatabase = await isDemoDatabase(db);
  const provider = createGeneratedProvider({ seed: config.sportsSeed });
  if (seeded && config.feed.kind === 'simulator') {
    // Live and finished matches today, licence codes and slips in every state (docs/api/betting.md); room chatter
    // needs the fixtures too. Otherwise the fixture job tops them up as soon as a process holds it.
    await syncFixtures(db, provider);
    await seedBettingDemo(db, { seed: config.sportsSeed });
    await seedRoomMessages(db);
  }

  // Signals go out through the `pusher` SDK (to the embedded server on this port, or hosted Pusher) and push.
  const realtime = createRealtime(config);
  const signals = createPusherSignals({ realtime, push: createPushDelivery(config, db) });
  const app = createApp({ config, db, signals, realtime });
  // The simulator, fixture top-up and housekeeping run in one process at a time (server/jobs).
  const scheduler = new JobScheduler({ db, jobs: backgroundJobs({ config, db, signals, provider }), ...config.jobs });
  scheduler.start();
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    realtime.useLocalPort(info.port);
    console.log(`Fichas a correr em http://localhost:${info.port} (en: http://en.localhost:${info.port})`);
    console.log(`Base de dados: ${kind === 'postgres' ? 'PostgreSQL' : `SQLite em ${config.dataDir}`}${seeded ? ' (dados de demonstração criados)' : ''}`);
    if (demoDatabase) {
      console.log('Contas de demonstração:');
      for (const user of DEMO_USERS) console.log(`  ${user.nomeUsuario.padEnd(14)} ${user.password.padEnd(14)} ${user.label}`);
    }
    if (config.payments === 'simulated') {
      console.warn(
        '\n*** PAGAMENTOS SIMULADOS (PAYMENTS=simulated): qualquer utilizador pode "pagar" sem dinheiro na página EMIS de teste. ***\n' +
          '*** Não use em produção: defina NODE_ENV=production ou PAYMENTS=off. ***\n',
      );
    } else if (config.emisGpo) {
      console.log(`Pagamentos: EMIS GPO (${config.emisGpo.url}; ponto de venda ${config.emisGpo.posId})`);
    } else {
      console.log('Pagamentos: desligados (PAYMENTS=off); não há gateway EMIS configurado.');
    }
    if (config.maintenance) console.log('MAINTENANCE=on: a API do cliente responde 503 (Em manutenção).');
    const { feed } = config;
    console.log(
      feed.kind === 'api-football'
        ? `Jogos: API-Football (${feed.url}; ligas ${feed.leagues.join(', ')}; casa de apostas ${feed.bookmaker}; até ${feed.dailyLimit} pedidos por dia)`
        : config.simulator.enabled
          ? `Simulador de jogos: ligado (${config.simulator.speed}x)`
          : 'Simulador de jogos: desligado (SIMULATOR=off)',
    );
    console.log(`Processo ${scheduler.holder}: tarefas de fundo partilhadas por lease (npm run jobs mostra quem corre o quê)`);
    const { pusher, beams } = config.realtime;
    console.log(
      `Tempo real: ${pusher.mode === 'embedded' ? `servidor Pusher embutido (ws://…/app/${pusher.key})` : `Pusher externo (${pusher.host ?? `cluster ${pusher.cluster}`})`}; ` +
        `push: ${beams.mode === 'embedded' ? 'web-push com chaves VAPID próprias' : `Beams ${beams.instanceId}`}`,
    );
  });
  // WebSockets (pusher-js) share the app's port: /app/{key} upgrades go to the embedded Pusher server.
  realtime.attach(server as Server);
  // An idle keep-alive connection stays open longer than a load balancer's (60 s is the usual default) and than a
  // client pausing between calls: a server closing one just as the client sends on it answers that request with a
  // reset (ECONNRESET), not an answer.
  (server as Server).keepAliveTimeout = 65_000;
  (server as Server).headersTimeout = 66_000;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: a parar…`);
    const jobsStopped = scheduler.stop();
    // Open WebSockets would keep server.close() waiting; pusher-js reconnects to the next server.
    realtime.close();
    // Stop accepting, let in-flight requests finish, then close the database; force-exit if that hangs.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(() => {
      jobsStopped
        .catch((error: unknown) => console.error('[jobs] stop failed', error))
        .then(() => db.destroy())
        .catch((error: unknown) => console.error('[db] close failed', error))
        .finally(() => process.exit(0));
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('[server] failed to start', error);
  process.exit(1);
});
