/**
 * `node --import tsx upload-process.ts ORIGIN TOKEN FILE`: one person's upload through the command-line
 * uploader, in a process of its own (as on the person's own computer): its hashing and reading weigh on
 * the server's machine, never on the event loop that times the lists. Prints one line of JSON: when the
 * server held the whole file, when it was stored, and how it ended.
 */
import { apiClient } from '../../../cli/upload/api';
import { uploadFile } from '../../../cli/upload/upload-file';

/** Upload stages after the last part: the server holds the file and checks (MD5) and parses it. */
const RECEIVED = ['waiting', 'parsing', 'completed'];

const [origin, token, file] = process.argv.slice(2);
if (!origin || !token || !file) throw new Error('usage: upload-process.ts ORIGIN TOKEN FILE');
let received = 0;
const outcome = await uploadFile(apiClient(origin, token), file, {
  metadata: { robotSn: 'SN-LOAD-BIG', robotType: 'ur5e', bagRegion: 'suzhou', uploadType: 'manual' },
  pollMs: 200,
  onProgress: ({ stage }) => void (!received && RECEIVED.includes(stage) && (received = Date.now())),
});
console.log(JSON.stringify({ received, stored: Date.now(), outcome }));
