import { afterAll, beforeAll, describe } from 'vitest';
import { backends } from './backends.ts';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.ts';

const all = await backends();

/**
 * Registers the suite once per database (DESIGN §9: SQLite and PostgreSQL). The PostgreSQL copy is registered
 * only when a server is reachable; backends() says so on the console when it is not.
 */
export function describeOnEachDb(title: string, body: (server: () => TestServer) => void, options?: TestServerOptions): void {
  for (const backend of all) {
    describe.runIf(backend.available)(`${title} [${backend.name}]`, () => {
      let server: TestServer | undefined;
      beforeAll(async () => {
        server = await startTestServer(backend, options);
      });
      afterAll(async () => {
        await server?.close();
      });
      body(() => {
        if (!server) throw new Error('test server not started');
        return server;
      });
    });
  }
}
