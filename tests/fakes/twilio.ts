import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for Twilio's Messages API on 127.0.0.1: POST /2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP
// Basic auth (Account SID and Auth Token) and a form-encoded To, From or MessagingServiceSid, and Body; a send is a
// 201 with the message resource ({sid: "SM…", status: "queued", to, from, body…}), a refusal Twilio's error body
// ({code, message, more_info, status}). A test queues answers for the next requests (a 400 with 21211 for a number
// Twilio will not send to, a 500, a 429) and reads what was sent.

export interface TwilioMessage {
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  sid: string;
}

export type TwilioFault = { status: 400; code: 21211 } | { status: 500 } | { status: 429 } | { status: 503 };

export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  /** Every message accepted, in order. */
  sent: TwilioMessage[];
  /** How many requests reached the fake, accepted or not. */
  requests: number;
  fail(fault: TwilioFault): void;
  close(): Promise<void>;
}

const ERRORS: Record<number, { code: number; message: string }> = {
  400: { code: 21211, message: "The 'To' number is not a valid phone number." },
  429: { code: 20429, message: 'Too Many Requests' },
  500: { code: 20500, message: 'Internal Server Error' },
  503: { code: 20503, message: 'Service Unavailable' },
};

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${'0123456789abcdef'.repeat(2)}`;
  const authToken = 'faketwilioauthtoken0123456789abc';
  const faults: TwilioFault[] = [];
  let counter = 0;
  const fake: FakeTwilio = {
    url: '',
    accountSid,
    authToken,
    sent: [],
    requests: 0,
    fail: (fault) => void faults.push(fault),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    fake.requests += 1;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const error = (status: number, code: number, message: string) =>
        json(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
      const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
      if (req.method !== 'POST' || req.url !== path) return error(404, 20404, 'The requested resource was not found');
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return error(401, 20003, 'Authenticate');
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const to = form.get('To') ?? '';
      const from = form.get('From');
      const service = form.get('MessagingServiceSid');
      const body = form.get('Body') ?? '';
      if (!/^\+[1-9]\d{6,14}$/.test(to)) return error(400, 21211, ERRORS[400]?.message ?? '');
      if (!from && !service) return error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message.");
      if (!body) return error(400, 21602, 'Message body is required.');
      const fault = faults.shift();
      if (fault) {
        const { code, message } = ERRORS[fault.status] ?? { code: 20500, message: 'Error' };
        return error(fault.status, code, message);
      }
      counter += 1;
      const sid = `SM${counter.toString(16).padStart(32, '0')}`;
      fake.sent.push({ to, from, messagingServiceSid: service, body, sid });
      return json(201, {
        account_sid: accountSid,
        api_version: '2010-04-01',
        body,
        date_created: new Date().toUTCString(),
        direction: 'outbound-api',
        from,
        messaging_service_sid: service,
        num_segments: '1',
        sid,
        status: 'queued',
        to,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
