import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBody } from '@rampart/contracts';
import { createTestApp, type TestApp } from '../helpers';

/**
 * Requests a browser never sends but a client or an attacker can, written byte for byte on a socket (inject would
 * repair their framing): every 4xx is still the API's error shape (decision 003).
 */

interface RawReply {
  status: number;
  headers: string;
  body: string;
}

/** Sends `request` as is and reads every reply on the connection until the server closes it. */
function sendRaw(port: number, request: string): Promise<RawReply[]> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    socket.setTimeout(30_000, () => socket.destroy(new Error('no reply within 30 s')));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseReplies(Buffer.concat(chunks).toString('utf8'))));
    socket.end(request);
  });
}

function parseReplies(text: string): RawReply[] {
  const replies: RawReply[] = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.1 ')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd < 0) break;
    const head = rest.slice(0, headEnd);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    const bodyLength = length ? Number(length[1]) : rest.length - headEnd - 4;
    const body = Buffer.from(rest.slice(headEnd + 4), 'utf8')
      .subarray(0, bodyLength)
      .toString('utf8');
    replies.push({ status, headers: head, body });
    rest = rest.slice(headEnd + 4 + body.length);
  }
  return replies;
}

describe('hardening: malformed HTTP framing', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  afterAll(async () => {
    await t?.close();
  });

  const expectErrorShape = (reply: RawReply | undefined) => {
    expect(reply, 'a reply').toBeDefined();
    expect(reply!.status).toBeGreaterThanOrEqual(400);
    expect(reply!.status).toBeLessThan(500);
    expect(reply!.headers).toMatch(/\r\ncontent-type: application\/json/i);
    const body = ApiErrorBody.safeParse(JSON.parse(reply!.body));
    expect(body.success, reply!.body).toBe(true);
  };

  it('answers a Content-Length shorter than the body with the API error shape, for the body and for the bytes after it', async () => {
    const body = '{"email":"someone@example.com","password":"a password"}';
    const replies = await sendRaw(
      port,
      `POST /api/identity/sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n${body}`,
    );
    expect(replies.length).toBeGreaterThanOrEqual(1);
    for (const reply of replies) expectErrorShape(reply);
  });

  it('answers a request line that is not HTTP with the API error shape', async () => {
    const replies = await sendRaw(port, 'GARBAGE\r\n\r\n');
    expect(replies).toHaveLength(1);
    expectErrorShape(replies[0]);
  });

  it('answers a Content-Length that is not a number with the API error shape', async () => {
    const replies = await sendRaw(
      port,
      'POST /api/identity/sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ten\r\n\r\n{}',
    );
    expect(replies).toHaveLength(1);
    expectErrorShape(replies[0]);
  });

  it('answers headers over the size limit with 431 in the API error shape', async () => {
    const replies = await sendRaw(
      port,
      `GET /api/user/healthcheck HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(replies).toHaveLength(1);
    expect(replies[0]?.status).toBe(431);
    expectErrorShape(replies[0]);
  });
});
