import { deflateSync, crc32 } from 'node:zlib';

/**
 * The robot every export test records: joint states at 100 Hz for 2 s (three joints), joint commands at 50 Hz, and a
 * camera at 10 Hz from +50 ms whose every image is different; times in nanoseconds from T0.
 */
export const T0 = 1_700_000_000_000_000_000n;
export const MS = 1_000_000n;
export const JOINTS = ['shoulder', 'elbow', 'wrist'];

export interface PlannedJoint {
  ms: number;
  position: number[];
}

export interface PlannedImage {
  ms: number;
  bytes: Uint8Array;
}

export const statePosition = (i: number) => [i * 0.01, -i * 0.02, Math.sin(i / 10)];
export const commandPosition = (i: number) => [i * 0.03, 1 + i, -0.5 * i];

export function plannedStates(durationMs = 2000): PlannedJoint[] {
  return Array.from({ length: durationMs / 10 + 1 }, (_, i) => ({ ms: i * 10, position: statePosition(i) }));
}

export function plannedCommands(durationMs = 2000): PlannedJoint[] {
  return Array.from({ length: durationMs / 20 + 1 }, (_, i) => ({ ms: i * 20, position: commandPosition(i) }));
}

export function plannedImages(format: 'png' | 'jpeg', durationMs = 2000): PlannedImage[] {
  return Array.from({ length: durationMs / 100 + 1 }, (_, i) => ({ ms: 50 + i * 100, bytes: format === 'png' ? png(8, 6, i) : jpeg(48, 64, i) }));
}

/** A real 8-bit RGB PNG, `height` rows of `width` pixels, its colours from `seed`. */
export function png(width: number, height: number, seed: number): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) for (let x = 0; x < width * 3; x++) rows[y * (1 + width * 3) + 1 + x] = (seed * 31 + y * 7 + x) & 0xff;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]));
}

/** The header segments of a baseline JPEG (SOI, APP0, SOF0 with its size and three components) and a payload from `seed`: what the export reads of a JPEG. */
export function jpeg(height: number, width: number, seed: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01];
  const payload = Array.from({ length: 40 + seed }, (_, i) => (seed + i) % 0xfe);
  return Uint8Array.from([0xff, 0xd8, ...app0, ...sof0, ...payload, 0xff, 0xd9]);
}
