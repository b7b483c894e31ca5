import { extname } from 'node:path';
import { RecordingParseError, SourceFailure, type ByteSource } from '../summary';
import { bagMessages } from './bag-messages';
import { mcapMessages } from './mcap-messages';
import type { RecordedMessage, RecordingMessages } from './recorded-message';

export { channelDecoder, type ChannelEncoding, type MessageDecoder } from './decoders';
export type { ClipSeconds, RecordedMessage, RecordedTopic, RecordingMessages } from './recorded-message';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Errors of the readers as the parsers give them: the ByteSource's own failure as it was, the rest as RecordingParseError. */
function asParseError(error: unknown, extension: string): unknown {
  if (error instanceof SourceFailure) return error.cause;
  if (error instanceof RecordingParseError) return error;
  return new RecordingParseError(`The ${extension} file cannot be read: ${reason(error)}`, { cause: error });
}

async function* translated(messages: AsyncGenerator<RecordedMessage, void, void>, extension: string): AsyncGenerator<RecordedMessage, void, void> {
  try {
    yield* messages;
  } catch (error) {
    throw asParseError(error, extension);
  }
}

/**
 * A recording (.mcap or ROS 1 .bag, by the file name's extension, any case) opened to read the messages of chosen
 * topics in log-time order, streaming: memory holds the chunks being merged, never the file. Errors are those of
 * parseRecording: RecordingParseError for what the bytes make impossible, the ByteSource's own error as it was.
 */
export async function openRecordingMessages(source: ByteSource, fileName: string): Promise<RecordingMessages> {
  const extension = extname(fileName).toLowerCase();
  const open = extension === '.mcap' ? mcapMessages : extension === '.bag' ? bagMessages : undefined;
  if (!open) throw new RecordingParseError(`"${fileName}" is not a recording: only .mcap and .bag files are read`);
  let recording: RecordingMessages;
  try {
    recording = await open(source);
  } catch (error) {
    throw asParseError(error, extension.slice(1));
  }
  return { ...recording, messages: (topics, clip) => translated(recording.messages(topics, clip), extension.slice(1)) };
}
