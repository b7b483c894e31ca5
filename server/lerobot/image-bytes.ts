/** The shape LeRobot declares for an image feature: [height, width, channels]. */
export interface ImageShape {
  height: number;
  width: number;
  channels: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** PNG colour type → channels: grey, RGB, palette (decoded to RGB), grey + alpha, RGBA. */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 3, 4: 2, 6: 4 };
/** The JPEG start-of-frame markers (baseline, progressive, lossless, arithmetic): every C0–CF but DHT, JPG and DAC. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

export const isPng = (bytes: Uint8Array) => bytes.length >= 8 && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte);
export const isJpeg = (bytes: Uint8Array) => bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/** Height, width and channels from the image's header (a PNG's IHDR, a JPEG's start-of-frame segment), without decoding it. */
export function imageShape(bytes: Uint8Array): ImageShape | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isPng(bytes)) {
    if (bytes.length < 26 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return undefined;
    const channels = PNG_CHANNELS[bytes[25]!];
    return channels ? { width: view.getUint32(16), height: view.getUint32(20), channels } : undefined;
  }
  if (!isJpeg(bytes)) return undefined;
  // Segments from the start-of-image marker on: 0xFF, the marker, a big-endian length that counts itself.
  for (let at = 2; at + 4 <= bytes.length;) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    const length = view.getUint16(at + 2);
    if (isStartOfFrame(marker)) {
      if (at + 10 > bytes.length) return undefined;
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7), channels: bytes[at + 9]! };
    }
    at += 2 + length;
  }
  return undefined;
}

/**
 * The recorded image bytes of a decoded compressed-image message (sensor_msgs/CompressedImage, foxglove.CompressedImage):
 * its `data` field, as bytes (ROS, protobuf) or base64 (JSON). Undefined where there is no such field.
 */
export function compressedImageBytes(message: unknown): Uint8Array | undefined {
  const data = message && typeof message === 'object' ? (message as { data?: unknown }).data : undefined;
  if (data instanceof Uint8Array) return data;
  if (typeof data === 'string') return Buffer.from(data, 'base64');
  if (Array.isArray(data) && data.every((byte) => Number.isInteger(byte) && byte >= 0 && byte < 256)) return Uint8Array.from(data as number[]);
  return undefined;
}
