import { parseArgs } from 'node:util';
import { localize } from '../../server/http/messages';
import { fileUpload } from '../../model/schemas/file-upload';
import { apiClient } from './api';
import { uploadFile, type UploadOutcome } from './upload-file';
import { watchDirectory } from './watch';

const USAGE = `Uploads robot recordings (.mcap, .bag) to an EDP space with an API access key.

  npm run upload -- [options] FILE...
  npm run upload -- [options] --watch DIR

  --server URL        the console's address (or EDP_SERVER), e.g. http://edp.local:8080
  --key ID.SECRET     an access key of the personal centre (or EDP_ACCESS_KEY)
  --robot-sn SN       the robot that recorded them (required)
  --robot-type TYPE   its type (required)
  --region REGION     suzhou or beijing (required)
  --scene NAME        the collection task (scene), optional
  --operator CODE     the tele-operator, optional
  --watch DIR         upload each recording that appears in DIR, once it stops growing
  --parallel N        parts sent at once (3)
Recordings go up marked as automatic uploads; an interrupted one resumes when run again.`;

/** Why the server failed an upload, by the label the file-upload entity gives it, in both languages, and its code. */
const failureText = (reason: string) => {
  const label = fileUpload.fields.failure.options?.find((option) => option.value === reason)?.label;
  if (!label) return reason;
  const { en_US, zh_CN } = localize(label);
  return `${en_US} / ${zh_CN} (${reason})`;
};

const report = (outcome: UploadOutcome) => {
  const text = {
    SUCCESS: () => `stored as bag ${'bagId' in outcome ? outcome.bagId : ''}`,
    DUPLICATE: () => `already in the space as ${'bagName' in outcome ? outcome.bagName : ''}`,
    FAILED: () => `failed: ${'reason' in outcome ? failureText(outcome.reason) : ''}`,
    RECEIVED: () => 'received',
  }[outcome.status]();
  console.log(`${outcome.file}: ${text}`);
};

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      server: { type: 'string', default: process.env.EDP_SERVER },
      key: { type: 'string', default: process.env.EDP_ACCESS_KEY },
      'robot-sn': { type: 'string' },
      'robot-type': { type: 'string' },
      region: { type: 'string' },
      scene: { type: 'string' },
      operator: { type: 'string' },
      watch: { type: 'string' },
      parallel: { type: 'string', default: '3' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const required = [values.server, values.key, values['robot-sn'], values['robot-type'], values.region];
  if (values.help || required.some((value) => !value) || (!values.watch && positionals.length === 0)) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const api = apiClient(values.server!, values.key!);
  const metadata = {
    robotSn: values['robot-sn'],
    robotType: values['robot-type'],
    bagRegion: values.region,
    uploadType: 'auto',
    ...(values.scene ? { sceneName: values.scene } : {}),
    ...(values.operator ? { teleOperator: values.operator } : {}),
  };
  const options = {
    metadata,
    parallel: Number(values.parallel),
    onProgress: ({ file, stage, sentBytes, totalBytes }: { file: string; stage: string; sentBytes: number; totalBytes: number }) =>
      process.stderr.write(`\r${file}: ${stage} ${Math.floor((sentBytes / totalBytes) * 100)}%   `),
  };
  let failed = 0;
  const one = async (path: string) => {
    try {
      const outcome = await uploadFile(api, path, options);
      process.stderr.write('\n');
      report(outcome);
      if (outcome.status === 'FAILED') failed++;
    } catch (error) {
      failed++;
      console.error(`\n${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  if (values.watch) await watchDirectory(values.watch, one);
  else for (const path of positionals) await one(path);
  return failed ? 1 : 0;
}

process.exitCode = await main();
