import { closeSync, openSync, writeSync } from 'node:fs';
import { McapWriter, type IWritable } from '@mcap/core';

const MIB = 1024 * 1024;

function fileWritable(path: string): IWritable & { close(): void } {
  const fd = openSync(path, 'w');
  let position = 0n;
  return {
    position: () => position,
    write: async (buffer) => {
      writeSync(fd, buffer);
      position += BigInt(buffer.length);
    },
    close: () => closeSync(fd),
  };
}

/**
 * A recording of about `mib` MiB as a robot writes one: a camera at 30 Hz with 1 MiB frames and an
 * IMU at 200 Hz, in 4 MiB chunks. `indexed: false` leaves out the summary and every index, so a
 * reader must stream it. Recordings that begin at different times (`start`, in ns) differ in bytes.
 */
export async function writeBigRecording(path: string, mib: number, indexed: boolean, start = 1_763_800_000_000_000_000n): Promise<void> {
  const writable = fileWritable(path);
  const none = {
    useSummaryOffsets: false,
    useChunkIndex: false,
    useMessageIndex: false,
    useStatistics: false,
    useMetadataIndex: false,
    useAttachmentIndex: false,
  };
  const writer = new McapWriter({ writable, chunkSize: 4 * MIB, ...(indexed ? {} : none) });
  await writer.start({ profile: 'ros1', library: 'edp-bench' });
  const image = await writer.registerSchema({ name: 'sensor_msgs/Image', encoding: 'ros1msg', data: new TextEncoder().encode('uint8[] data') });
  const imu = await writer.registerSchema({ name: 'sensor_msgs/Imu', encoding: 'ros1msg', data: new TextEncoder().encode('float64 x') });
  const camera = await writer.registerChannel({ topic: '/camera/image_raw', schemaId: image, messageEncoding: 'ros1', metadata: new Map() });
  const motion = await writer.registerChannel({ topic: '/imu', schemaId: imu, messageEncoding: 'ros1', metadata: new Map() });
  const frame = Uint8Array.from({ length: MIB }, (_, index) => (index * 2654435761) >>> 24);
  const sample = new Uint8Array(96).fill(7);
  for (let n = 0; n < mib; n++) {
    const time = start + (BigInt(n) * 1_000_000_000n) / 30n;
    frame[0] = n & 0xff; // no two frames alike
    await writer.addMessage({ channelId: camera, sequence: n, logTime: time, publishTime: time, data: frame });
    for (let k = 0; k < 7; k++) {
      const at = time + BigInt(k) * 4_761_904n;
      await writer.addMessage({ channelId: motion, sequence: n * 7 + k, logTime: at, publishTime: at, data: sample });
    }
  }
  await writer.end();
  writable.close();
}
