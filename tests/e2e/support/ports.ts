// Where the end-to-end servers listen: one per Playwright worker (playwright.config.ts starts them), from E2E_PORT on.

/** The first worker's server; the others follow it. */
export const FIRST_PORT = Number(process.env.E2E_PORT ?? 8181);

/** The server of the worker this code runs in (Playwright sets TEST_PARALLEL_INDEX in each worker). */
export const WORKER_PORT = FIRST_PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
