import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { freePort, startProcess, type ServerProcess } from './processes.ts';

// A server of its own with the match simulator at `speed` match minutes per real minute, on a SQLite file the test
// can write to: an upcoming match is brought forward to kick off within seconds, or a price is moved, as the feed
// would move them. Shared by the specs that need the feed to change under a slip (notifications, stale-slip check).

export interface SimulatedServer {
  /** http://localhost:{port} (the pt host); the en host is http://en.localhost:{port}. */
  origin: string;
  port: number;
  process: ServerProcess;
  /** Brings a not-started match forward so it kicks off `inMs` from now (the simulator plays it from then). */
  kickOffIn(eventId: string, inMs: number): void;
  /** Sets the price of one choice of a match's market now (decimal odds), as the feed's next quote would. */
  setOdds(input: { eventId: string; type: string; choice: string; odds: number }): void;
  /** Moves the end of a member's paid group plan, as the days passing would bring it near. */
  setGroupExpiry(input: { groupId: string; userId: string; expiraEm: string }): void;
  stop(): Promise<void>;
}

export async function startSimulatedServer(input: { name: string; speed: number; env?: Record<string, string> }): Promise<SimulatedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `fichas-${input.name}-`));
  const server = await startProcess({
    name: input.name,
    script: 'server/main.ts',
    port: await freePort(),
    env: { ...input.env, DATA_DIR: dataDir, SIMULATOR_SPEED: String(input.speed) },
    ready: /a correr em http:\/\/localhost:\d+/,
  });
  const write = (change: (db: DatabaseSync) => void) => {
    const db = new DatabaseSync(join(dataDir, 'app.sqlite'));
    try {
      db.exec('pragma busy_timeout = 5000');
      change(db);
    } finally {
      db.close();
    }
  };
  return {
    origin: `http://localhost:${server.port}`,
    port: server.port,
    process: server,
    kickOffIn(eventId, inMs) {
      write((db) => db.prepare('update eventos set date = ? where id = ?').run(new Date(Date.now() + inMs).toISOString(), eventId));
    },
    setOdds({ eventId, type, choice, odds }) {
      write((db) => {
        const changed = db.prepare('update mercados set odds = ? where evento_id = ? and tipo = ? and escolha = ?').run(Math.round(odds * 100), eventId, type, choice);
        if (Number(changed.changes) !== 1) throw new Error(`no ${type}/${choice} market on ${eventId}`);
      });
    },
    setGroupExpiry({ groupId, userId, expiraEm }) {
      write((db) => {
        const changed = db.prepare('update grupo_membros set expira_em = ? where grupo_id = ? and usuario_id = ?').run(expiraEm, groupId, userId);
        if (Number(changed.changes) !== 1) throw new Error(`${userId} is not a member of ${groupId}`);
      });
    },
    async stop() {
      await server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
