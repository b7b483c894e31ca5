import type { RecordedMessage } from '../recordings/messages/open-recording';
import { yieldToLoop } from '../yield-to-loop';
import { LeRobotExportError } from './export-error';
import { fieldNumbers } from './field-numbers';
import { compressedImageBytes, isJpeg, isPng } from './image-bytes';

/** What one episode's frames are made of: the mapped topics (and fields), with the dimensions every frame must have. */
export interface SamplePlan {
  /** The recording's file name, for the errors. */
  recording: string;
  fps: number;
  state: { topic: string; field: string; dims: number };
  action?: { topic: string; field: string; dims: number };
  cameras: { topic: string }[];
}

/** One frame as sampled: the values it took are only valid until `emit` returns (they are read, not kept). */
export interface SampledFrame {
  state: ArrayLike<number>;
  action: ArrayLike<number> | undefined;
  /** One per camera, in the plan's order: the recorded bytes, unchanged. */
  images: Uint8Array[];
}

const NS_PER_SECOND = 1_000_000_000n;
/**
 * Frames sampled between two turns of the event loop: an export runs on the server's one loop, and its messages
 * come from memory (a decompressed chunk) through promises alone, which would otherwise let no request in.
 */
const FRAMES_PER_TURN = 200;

/** A mapped topic's latest message, decoded into the value a frame takes only when a frame takes it (and then once). */
class Slot<T> {
  latest: RecordedMessage | undefined;
  private decodedFrom: RecordedMessage | undefined;
  private value: T | undefined;

  constructor(
    readonly topic: string,
    private readonly read: (message: unknown, at: bigint) => T,
    private readonly recording: string,
  ) {}

  current(): T {
    const latest = this.latest!;
    if (this.decodedFrom !== latest) {
      let message: unknown;
      try {
        message = latest.decode(latest.data);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new LeRobotExportError(`${this.recording}: a message on topic ${this.topic} cannot be decoded: ${reason}`, { cause: error });
      }
      this.value = this.read(message, latest.logTime);
      this.decodedFrom = latest;
    }
    return this.value!;
  }
}

const seconds = (ns: bigint) => (Number(ns) / 1e9).toFixed(3);

function numbersSlot(recording: string, topic: string, field: string, dims: number) {
  return new Slot(
    topic,
    (message, at) => {
      const found = fieldNumbers(message, field);
      if ('problem' in found) throw new LeRobotExportError(`${recording}: field "${field}" of topic ${topic} ${found.problem} (message at ${seconds(at)} s)`);
      if (found.numbers.length !== dims) {
        throw new LeRobotExportError(
          `${recording}: field "${field}" of topic ${topic} holds ${found.numbers.length} numbers at ${seconds(at)} s, where the dataset has ${dims}`,
        );
      }
      return found.numbers;
    },
    recording,
  );
}

function imageSlot(recording: string, topic: string) {
  return new Slot(
    topic,
    (message, at) => {
      const bytes = compressedImageBytes(message);
      if (!bytes || !(isJpeg(bytes) || isPng(bytes))) {
        throw new LeRobotExportError(
          `${recording}: the message on camera topic ${topic} at ${seconds(at)} s is not a compressed JPEG or PNG image (its "data" field)`,
        );
      }
      return bytes;
    },
    recording,
  );
}

/**
 * Samples an episode at the plan's fps from its messages (in log-time order): frame k is at t0 + k/fps, where t0 is the
 * first time every mapped topic has had a message, and takes the last message of each topic at or before its time.
 * Frames run while their time is at or before the last message read. A message is decoded only when a frame takes it.
 * `emit` may return a promise (a row group being written), which is awaited before reading on. The frame count.
 */
export async function sampleFrames(
  messages: AsyncIterable<RecordedMessage>,
  plan: SamplePlan,
  emit: (frame: SampledFrame) => void | Promise<void>,
): Promise<number> {
  const state = numbersSlot(plan.recording, plan.state.topic, plan.state.field, plan.state.dims);
  const action = plan.action && numbersSlot(plan.recording, plan.action.topic, plan.action.field, plan.action.dims);
  const cameras = plan.cameras.map((camera) => imageSlot(plan.recording, camera.topic));
  const slots: Slot<unknown>[] = [state, ...(action ? [action] : []), ...cameras];
  const byTopic = new Map<string, Slot<unknown>[]>();
  for (const slot of slots) byTopic.set(slot.topic, [...(byTopic.get(slot.topic) ?? []), slot]);
  const fps = BigInt(plan.fps);
  let waiting = slots.length; // slots without a message yet
  let t0 = 0n;
  let frames = 0;
  let next: bigint | undefined; // the time of the next frame, once every slot has a message
  let last = 0n;

  const emitFrame = async () => {
    const images = cameras.map((camera) => camera.current());
    const pending = emit({ state: state.current(), action: action?.current(), images });
    if (pending) await pending;
    frames++;
    next = t0 + (BigInt(frames) * NS_PER_SECOND) / fps;
    if (frames % FRAMES_PER_TURN === 0) await yieldToLoop();
  };

  for await (const message of messages) {
    if (next !== undefined) while (next < message.logTime) await emitFrame();
    for (const slot of byTopic.get(message.topic) ?? []) {
      if (!slot.latest) waiting--;
      slot.latest = message;
    }
    last = message.logTime;
    if (next === undefined && waiting === 0) next = t0 = message.logTime;
  }
  if (next !== undefined) while (next <= last) await emitFrame();
  return frames;
}
