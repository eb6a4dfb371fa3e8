import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { listenLocal, readBody } from './http.ts';

// A stand-in for EMIS GPO's portal on 127.0.0.1, as its integrators document it: POST {base}/portal/frameToken with
// {reference, amount, token, mobile, qrCode, card, callbackUrl, cssUrl} answers {id, timeToLive} (400 with a message
// for a wrong merchant token, a missing stylesheet or callback); GET {base}/portal/frame?token={id} is the payer's
// frame, whose Pagar and Recusar buttons make GPO post the outcome to the callbackUrl: {id, status (ACCEPTED or
// REJECTED), amount, currency "AOA", merchantReferenceNumber, reference {id}, pointOfSale {id}, type "PAYMENT",
// transactionDatetime}. A test can also settle a frame itself (pay/reject) or post any body it likes (post).

export interface GpoFrame {
  id: string;
  reference: string;
  amount: number;
  callbackUrl: string;
  cssUrl: string;
  channels: { mobile: unknown; qrCode: unknown; card: unknown };
}

export interface FakeGpo {
  /** The gateway's base, as EMIS_GPO_URL. */
  url: string;
  frameToken: string;
  posId: string;
  frames: GpoFrame[];
  /** Fails the next frameToken requests with this HTTP status. */
  failNext(status: number): void;
  /** GPO's callback for a frame, with any fields changed; answers the merchant's status. */
  settle(frame: GpoFrame, status: 'ACCEPTED' | 'REJECTED', changes?: Record<string, unknown>): Promise<number>;
  /** The body GPO would post for a frame. */
  callbackBody(frame: GpoFrame, status: 'ACCEPTED' | 'REJECTED', changes?: Record<string, unknown>): Record<string, unknown>;
  close(): Promise<void>;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export async function startFakeGpo(): Promise<FakeGpo> {
  const frameToken = 'a0b1c2d3-e4f5-4a6b-8c7d-0e1f2a3b4c5d';
  const posId = '4567';
  const failures: number[] = [];
  const fake: FakeGpo = {
    url: '',
    frameToken,
    posId,
    frames: [],
    failNext: (status) => void failures.push(status),
    callbackBody: (frame, status, changes = {}) => ({
      id: randomUUID(),
      transactionDatetime: new Date().toISOString(),
      status,
      amount: frame.amount.toFixed(2),
      currency: 'AOA',
      merchantReferenceNumber: frame.reference,
      reference: { id: frame.reference },
      pointOfSale: { id: posId },
      type: 'PAYMENT',
      paymentMethod: 'MOBILE',
      ...changes,
    }),
    async settle(frame, status, changes) {
      const response = await fetch(frame.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fake.callbackBody(frame, status, changes)),
      });
      return response.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method === 'POST' && url.pathname === '/portal/frameToken') {
        const failure = failures.shift();
        if (failure) return json(failure, { message: 'Serviço indisponível' });
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(await readBody(req)) as Record<string, unknown>;
        } catch {
          return json(400, { message: 'Pedido inválido' });
        }
        if (body.token !== frameToken) return json(400, { message: 'Token inválido' });
        const { reference, amount, callbackUrl, cssUrl } = body;
        if (typeof reference !== 'string' || reference.length === 0 || reference.length > 15) return json(400, { message: 'Referência inválida' });
        if (typeof amount !== 'number' || !(amount > 0)) return json(400, { message: 'Montante inválido' });
        if (typeof callbackUrl !== 'string' || !/^https?:\/\//.test(callbackUrl)) return json(400, { message: 'callbackUrl em falta' });
        if (typeof cssUrl !== 'string' || !/^https?:\/\//.test(cssUrl)) return json(400, { message: 'cssUrl em falta' });
        const frame: GpoFrame = {
          id: randomUUID(),
          reference,
          amount,
          callbackUrl,
          cssUrl,
          channels: { mobile: body.mobile, qrCode: body.qrCode, card: body.card },
        };
        fake.frames.push(frame);
        return json(200, { id: frame.id, timeToLive: 300000 });
      }
      if (req.method === 'GET' && url.pathname === '/portal/frame') {
        const frame = fake.frames.find((f) => f.id === url.searchParams.get('token'));
        if (!frame) return res.writeHead(404, { 'content-type': 'text/html' }).end('<p>Token inválido</p>');
        const html = `<!doctype html><html lang="pt"><head><meta charset="utf-8"><title>EMIS GPO</title><link rel="stylesheet" href="${escape(frame.cssUrl)}"></head>
<body><main><h1>Multicaixa Express</h1><p>Referência ${escape(frame.reference)}</p><p>Montante ${frame.amount} AOA</p>
<form method="post" action="/portal/frame/pay?token=${frame.id}"><button name="status" value="ACCEPTED">Pagar</button><button name="status" value="REJECTED">Recusar</button></form></main></body></html>`;
        return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      }
      if (req.method === 'POST' && url.pathname === '/portal/frame/pay') {
        const frame = fake.frames.find((f) => f.id === url.searchParams.get('token'));
        const status = new URLSearchParams(await readBody(req)).get('status') === 'ACCEPTED' ? 'ACCEPTED' : 'REJECTED';
        if (!frame) return res.writeHead(404).end();
        const answered = await fake.settle(frame, status);
        const text = answered === 200 ? (status === 'ACCEPTED' ? 'Pagamento aceite' : 'Pagamento recusado') : `Erro ${answered}`;
        return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><p>${text}</p>`);
      }
      json(404, { message: 'not found' });
    })();
  });
  fake.url = await listenLocal(server);
  return fake;
}
