// Stopping `npm start` (scripts/start.mjs) with a signal stops the server it started: the port closes and no process
// it spawned is left running.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const dirs: string[] = [];
const started: ChildProcess[] = [];
const spawnedPids: number[] = [];

afterEach(() => {
  // A failed run must not leave a server behind either.
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const pid of spawnedPids.splice(0)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs `command` (start.mjs, or `npm start`) on a free port and resolves once the server says where it runs. */
async function startApp(command: string, args: string[]): Promise<{ child: ChildProcess; port: number; exited: Promise<number | null> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fichas-start-'));
  dirs.push(dataDir);
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SIMULATOR: 'off', SEED: 'off', SKIP_BUILD: '1' };
  delete env.DATABASE_URL;
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /a correr em http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`start.mjs exited (${code}) before the server ran:\n${output}`)));
  });
  return { child, port, exited };
}

/** Every process below `pid` (the server, and anything it started), from `ps`, which Linux and macOS both have. */
function descendants(pid: number): number[] {
  const rows = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift();
    for (const [child, ppid] of rows) {
      if (ppid === parent) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function expectStopsCleanly(command: string, args: string[], signal: NodeJS.Signals): Promise<void> {
  const { child, port, exited } = await startApp(command, args);
  const spawned = descendants(child.pid as number);
  spawnedPids.push(...spawned);
  expect(spawned.length).toBeGreaterThan(0);
  expect(await portAnswers(port)).toBe(true);

  child.kill(signal);

  expect(await exited).toBe(0);
  expect(await portAnswers(port)).toBe(false);
  expect(spawned.filter(isRunning)).toEqual([]);
}

describe('npm start', () => {
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    it(`stops the server and leaves nothing running when scripts/start.mjs gets ${signal}`, { timeout: 60_000 }, async () => {
      await expectStopsCleanly(process.execPath, [join(root, 'scripts/start.mjs')], signal);
    });
  }

  // npm passes SIGTERM to the script's shell; the script line execs node so the shell does not die alone.
  it('stops the server and leaves nothing running when npm gets SIGTERM', { timeout: 60_000 }, async () => {
    await expectStopsCleanly('npm', ['start', '--silent'], 'SIGTERM');
  });
});
