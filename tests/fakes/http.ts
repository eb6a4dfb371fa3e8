import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// What the local fakes of outside services share: reading a request's body, and listening on a free local port.

export const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

/** Starts the fake on a free port of 127.0.0.1; answers its base URL. */
export async function listenLocal(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
