import { http as mock, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { PartError, sendPart } from '../../../../../src/screens/pages/lake/upload-api';
import { sessionStore } from '../../../../../src/providers/session-store';
import { accountOf, tenantOf } from '../../../fixtures';
import { envelope, mockApi } from '../../../msw';

const server = mockApi();
const PART = '*/api/v1/data/lake/upload/part';
const upload = { upload: { uploadId: 'up-1', status: 'PENDING' }, parts: [{ partNumber: 2, size: 4 }] };

beforeEach(() => sessionStore.save('token-9', accountOf('rd'), tenantOf()));

describe("an upload's part", () => {
  it('goes as an octet stream with its Content-MD5, the bearer token and its number, and resolves with the upload', async () => {
    let seen: Record<string, string | null> = {};
    server.use(
      mock.put(PART, async ({ request }) => {
        const url = new URL(request.url);
        seen = {
          type: request.headers.get('content-type'),
          md5: request.headers.get('content-md5'),
          authorization: request.headers.get('authorization'),
          part: `${url.searchParams.get('uploadId')}#${url.searchParams.get('partNumber')}`,
          body: await request.text(),
        };
        return HttpResponse.json(envelope(upload));
      }),
    );
    await expect(sendPart('up-1', 2, new Blob(['abcd']), 'md5==', () => undefined)).resolves.toEqual(upload);
    expect(seen).toEqual({ type: 'application/octet-stream', md5: 'md5==', authorization: 'Bearer token-9', part: 'up-1#2', body: 'abcd' });
  });

  it('refused, rejects with the status and the body, saying whether sending it again may help', async () => {
    const refusal = { code: -1, message: { zh_CN: '超出配额', en_US: 'Over quota' }, data: null };
    server.use(mock.put(PART, () => HttpResponse.json(refusal, { status: 413 })));
    const refused = await sendPart('up-1', 1, new Blob(['x']), 'm', () => undefined).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PartError);
    expect(refused).toMatchObject({ status: 413, body: refusal, retry: false });
    server.use(mock.put(PART, () => HttpResponse.error()));
    expect(await sendPart('up-1', 1, new Blob(['x']), 'm', () => undefined).catch((error: unknown) => error)).toMatchObject({ status: undefined, retry: true });
  });

  it('a 2xx answer without the upload is refused too', async () => {
    server.use(mock.put(PART, () => HttpResponse.json({ code: 200 })));
    expect(await sendPart('up-1', 1, new Blob(['x']), 'm', () => undefined).catch((error: unknown) => error)).toMatchObject({ status: 200, retry: false });
  });

  it('cancelled, rejects with an AbortError', async () => {
    server.use(mock.put(PART, () => new Promise<never>(() => undefined)));
    const cancel = new AbortController();
    const sending = sendPart('up-1', 1, new Blob(['x']), 'm', () => undefined, cancel.signal).catch((error: unknown) => error);
    cancel.abort();
    expect(await sending).toMatchObject({ name: 'AbortError' });
  });
});
