import type { Db } from '../db/create-db.ts';
import { acquireLease, processHolderId, releaseLease } from './lease.ts';

export interface JobDefinition {
  /** The lease's name, e.g. 'simulador'. */
  name: string;
  everyMs: number;
  run(now: Date): Promise<unknown>;
}

export interface JobSchedulerOptions {
  db: Db;
  jobs: JobDefinition[];
  holder?: string;
  /** How long a lease lasts without a heartbeat: a dead holder's jobs are taken over within leaseMs + heartbeatMs. */
  leaseMs?: number;
  heartbeatMs?: number;
  log?: (line: string) => void;
}

export const DEFAULT_LEASE_MS = 20_000;
export const DEFAULT_HEARTBEAT_MS = 5_000;

/**
 * Runs each background job in exactly one process at a time, however many processes share the database. Every
 * process runs the same scheduler; a heartbeat takes or renews each job's lease, and a job's timer runs it only
 * while this process holds a lease that has not run out locally. A process that loses its database stops running
 * its jobs when its last renewal runs out, so it never overlaps with the process that took over.
 */
export class JobScheduler {
  readonly holder: string;
  private readonly db: Db;
  private readonly jobs: JobDefinition[];
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly log: (line: string) => void;
  /** Job name -> until when (local clock) this process may run it. */
  private readonly heldUntil = new Map<string, number>();
  private readonly running = new Map<string, Promise<unknown>>();
  private timers: ReturnType<typeof setInterval>[] = [];
  private beating: Promise<void> | undefined;

  constructor(options: JobSchedulerOptions) {
    this.db = options.db;
    this.jobs = options.jobs;
    this.holder = options.holder ?? processHolderId();
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
    this.log = options.log ?? ((line) => console.log(line));
  }

  /** The jobs this process may run now. */
  held(now = Date.now()): string[] {
    return this.jobs.filter((job) => (this.heldUntil.get(job.name) ?? 0) > now).map((job) => job.name);
  }

  /** Takes or renews every job's lease once; returns the jobs held afterwards. */
  async heartbeat(now = new Date()): Promise<string[]> {
    for (const job of this.jobs) {
      const wasHeld = (this.heldUntil.get(job.name) ?? 0) > now.getTime();
      let holds = false;
      try {
        holds = await acquireLease(this.db, { job: job.name, holder: this.holder, ttlMs: this.leaseMs, now });
      } catch (error) {
        console.error(`[jobs] lease ${job.name}`, error);
      }
      if (holds) {
        // Stop a little before the lease runs out in the database, so a late heartbeat never overlaps a successor.
        this.heldUntil.set(job.name, now.getTime() + this.leaseMs - this.heartbeatMs);
        if (!wasHeld) this.log(`[jobs] ${this.holder} corre ${job.name}`);
      } else if (wasHeld) {
        this.heldUntil.delete(job.name);
        this.log(`[jobs] ${this.holder} deixou ${job.name}`);
      }
    }
    return this.held(now.getTime());
  }

  /** Runs one job now if this process holds it and it is not already running. */
  runIfHeld(job: JobDefinition, now = new Date()): Promise<unknown> | undefined {
    if ((this.heldUntil.get(job.name) ?? 0) <= now.getTime() || this.running.has(job.name)) return undefined;
    const run = job
      .run(now)
      .catch((error: unknown) => console.error(`[jobs] ${job.name} failed`, error))
      .finally(() => this.running.delete(job.name));
    this.running.set(job.name, run);
    return run;
  }

  start(): void {
    if (this.timers.length > 0) return;
    const beat = () => {
      if (this.beating) return;
      this.beating = this.heartbeat()
        .then((held) => {
          for (const job of this.jobs) if (held.includes(job.name)) void this.runIfHeld(job);
        })
        .finally(() => {
          this.beating = undefined;
        });
    };
    beat();
    this.timers.push(setInterval(beat, this.heartbeatMs));
    for (const job of this.jobs) this.timers.push(setInterval(() => void this.runIfHeld(job), job.everyMs));
    for (const timer of this.timers) timer.unref();
  }

  /** Stops the timers, lets running jobs finish, and hands the leases back so another process takes over at once. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.beating;
    await Promise.all(this.running.values());
    const held = this.held();
    this.heldUntil.clear();
    for (const name of held) {
      await releaseLease(this.db, name, this.holder).catch((error: unknown) => console.error(`[jobs] release ${name}`, error));
    }
  }
}
