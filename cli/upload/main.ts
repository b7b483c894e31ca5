import { parseArgs } from 'node:util';
import { localize } from '../../server/http/messages';
import { fileUpload } from '../../model/schemas/file-upload';
import { apiClient, inBothLanguages } from './api';
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
  return `${inBothLanguages(localize(label))} (${reason})`;
};

/** What became of a file; refusals and failures as the server's catalogues say them, in both languages. */
function outcomeText(outcome: UploadOutcome): string {
  switch (outcome.status) {
    case 'SUCCESS':
      return `stored as bag ${outcome.bagId}`;
    case 'DUPLICATE':
      return inBothLanguages(localize('lake:errors.duplicate', { name: outcome.bagName }));
    case 'REFUSED':
      return `refused: ${inBothLanguages(outcome.reason)}`;
    case 'FAILED':
      return `failed: ${failureText(outcome.reason)}`;
    case 'RECEIVED':
      return 'received';
  }
}

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
      console.log(`${outcome.file}: ${outcomeText(outcome)}`);
      if (outcome.status === 'FAILED' || outcome.status === 'REFUSED') failed++;
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
