import { extname } from 'node:path';
import { parseMcap } from './parse-mcap';
import { parseBag } from './parse-rosbag';
import { RecordingParseError, SourceFailure, type ByteSource, type RecordingSummary } from './summary';

export { bufferByteSource, fileByteSource } from './byte-source';
export { RecordingParseError } from './summary';
export type { ByteSource, RecordingSummary, TopicSummary } from './summary';

/**
 * The summary of an uploaded recording, chosen by the file name's extension (.mcap or .bag, any case).
 * Throws RecordingParseError for anything the file's bytes make impossible (not a recording, truncated, corrupt, empty);
 * an error of the ByteSource itself (storage down) is rethrown as it was, so the job can retry it.
 */
export async function parseRecording(source: ByteSource, fileName: string): Promise<RecordingSummary> {
  const extension = extname(fileName).toLowerCase();
  const parse = extension === '.mcap' ? parseMcap : extension === '.bag' ? parseBag : undefined;
  if (!parse) throw new RecordingParseError(`"${fileName}" is not a recording: only .mcap and .bag files are parsed`);
  try {
    return await parse(source);
  } catch (error) {
    if (error instanceof SourceFailure) throw error.cause;
    if (error instanceof RecordingParseError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new RecordingParseError(`The ${extension.slice(1)} file cannot be read: ${reason}`, { cause: error });
  }
}
