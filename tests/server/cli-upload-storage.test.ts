import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient, ApiFailure, inBothLanguages, type Api } from '../../cli/upload/api';
import { uploadFile } from '../../cli/upload/upload-file';
import { localize } from '../../server/http/messages';
import { useAppOnFailingDisk } from './helpers/failing-store';
import { ROBOT, useUploaderServer } from './helpers/uploads';
import { mcapBuffer, plannedMessages } from './recordings/helpers/mcap-files';

/** The command-line uploader over real HTTP while the server's file store fails: it sends again, says why, and resumes. */
const { t, api, failing } = useAppOnFailingDisk();
const uploader = useUploaderServer(t, api);
const { dir } = uploader;
afterEach(() => failing.recover());

const metadata = { ...ROBOT, uploadType: 'auto' };
/** Short pauses: what is tested is that the uploader pauses and sends again, not how long. */
const retries = { attempts: 3, pauseMs: 20 };

/** About 12 MiB: two parts of 8 MiB, the second shorter. */
async function recordingFile(name: string, variant: number): Promise<string> {
  const messages = plannedMessages().map((message, index) => ({
    ...message,
    size: (message.topic === '/imu' ? 60_000 : message.size) + (index === 0 ? variant : 0),
  }));
  const file = path.join(dir, name);
  writeFileSync(file, await mcapBuffer(messages, { useChunks: true }));
  return file;
}

/** The real client, noting each part's and each completion's answer (its status, 200 for a success). */
function noting(real: Api) {
  const answers: string[] = [];
  const note = async <T>(what: string, call: Promise<T>) => {
    try {
      const result = await call;
      answers.push(`${what} 200`);
      return result;
    } catch (error) {
      answers.push(`${what} ${error instanceof ApiFailure ? error.status : 'no answer'}`);
      throw error;
    }
  };
  const client: Api = {
    call: (method, route, body, query) =>
      route.endsWith('/complete') ? note('complete', real.call(method, route, body, query)) : real.call(method, route, body, query),
    putPart: (query, bytes, md5) => note(`part ${query.partNumber}`, real.putPart(query, bytes, md5)),
  };
  return { client, answers };
}

const bagsNamed = async (bagName: string) => (await api.get('/data/bag/query', { token: await api.token('demo', 'rd'), query: { bagName } })).body.data.records;

describe('the command-line uploader while the file store fails', () => {
  it('sends a part the store could not take again after a pause, and completes again after a 503', async () => {
    const file = await recordingFile('cli-store-01.mcap', 1);
    const { client, answers } = noting(apiClient(uploader.server, uploader.key));
    const [sending, completing] = [client.putPart, client.call];
    // The disk is full as the first part comes, and the store away as the completion does; each passes.
    client.putPart = (query, bytes, md5) => {
      if (answers.length === 0) failing.fail('full', { times: 2, call: 'uploadPart' });
      return sending(query, bytes, md5);
    };
    client.call = (method, route, body, query) => {
      if (route.endsWith('/complete') && !answers.some((answer) => answer.startsWith('complete')))
        failing.fail('unreachable', { times: 1, call: 'completeMultipart' });
      return completing(method, route, body, query);
    };
    expect(await uploadFile(client, file, { metadata, parallel: 1, pollMs: 50, retries })).toMatchObject({ status: 'SUCCESS' });
    expect(answers).toEqual(['part 1 507', 'part 1 507', 'part 1 200', 'part 2 200', 'complete 503', 'complete 200']);
    expect(await bagsNamed('cli-store-01.mcap')).toHaveLength(1);
  });

  it('gives up after its attempts with the server’s reason in both languages, and resumes the same upload when run again', async () => {
    const file = await recordingFile('cli-store-02.mcap', 2);
    const first = noting(apiClient(uploader.server, uploader.key));
    const sending = first.client.putPart;
    first.client.putPart = (query, bytes, md5) => {
      if (query.partNumber === '2') failing.fail('unreachable', { call: 'uploadPart' }); // the store goes away after part 1
      return sending(query, bytes, md5);
    };
    await expect(uploadFile(first.client, file, { metadata, parallel: 1, retries })).rejects.toThrow(inBothLanguages(localize('errors:storageUnavailable')));
    failing.recover();
    expect(first.answers).toEqual(['part 1 200', 'part 2 503', 'part 2 503', 'part 2 503']);

    const again = noting(apiClient(uploader.server, uploader.key));
    expect(await uploadFile(again.client, file, { metadata, pollMs: 50, retries })).toMatchObject({ status: 'SUCCESS' });
    expect(again.answers).toEqual(['part 2 200', 'complete 200']);
    expect(await bagsNamed('cli-store-02.mcap')).toHaveLength(1);
    const uploads = await t.database.db
      .selectFrom('file_uploads' as never)
      .select('status' as never)
      .where('fileName' as never, '=', 'cli-store-02.mcap' as never)
      .execute();
    expect(uploads).toEqual([{ status: 'SUCCESS' }]);
  });
});
