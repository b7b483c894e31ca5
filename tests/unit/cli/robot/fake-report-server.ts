import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { heartbeatPayload } from '../../../../model/schemas/robot-report';

type Heartbeat = ReturnType<typeof heartbeatPayload.parse>;
type Offer = { name: string; version: number; content: Record<string, unknown> };
type Refusal = { status: number; message: { zh_CN: string; en_US: string } };

/**
 * A stand-in for the console's heartbeat route, for testing the robot's client alone: it records
 * every request, refuses a body the real schema refuses, and offers each configuration version in
 * `offers` until a heartbeat answers it (unless `keepOffering`), as the server does.
 */
export async function fakeReportServer() {
  const received: Array<{ path: string | undefined; authorization: string | undefined; body: Heartbeat }> = [];
  const fake = {
    url: '',
    received,
    offers: [] as Offer[],
    keepOffering: false,
    intervalSeconds: 5,
    refusal: null as Refusal | null,
    bodies: () => received.map((request) => request.body),
    listen: (port = 0) => new Promise<void>((done) => server.listen(port, '127.0.0.1', done)),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: object) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const parsed = heartbeatPayload.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      if (!parsed.success) return answer(400, { code: 400, message: { zh_CN: '参数错误', en_US: parsed.error.message }, data: null });
      received.push({ path: request.url, authorization: request.headers.authorization, body: parsed.data });
      if (fake.refusal) return answer(fake.refusal.status, { code: fake.refusal.status, message: fake.refusal.message, data: null });
      const answered = (offer: Offer) => parsed.data.configs.some((config) => config.name === offer.name && config.answer?.version === offer.version);
      if (!fake.keepOffering) fake.offers = fake.offers.filter((offer) => !answered(offer));
      const data = { robotId: 7, heartbeatIntervalSeconds: fake.intervalSeconds, serverTime: new Date().toISOString(), configs: fake.offers, ota: [] };
      answer(200, { code: 200, message: { zh_CN: '成功', en_US: 'Success' }, data });
    });
  });
  await fake.listen();
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
