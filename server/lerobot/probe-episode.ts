import type { LeRobotMapping } from '../../model/schemas/lerobot-mapping';
import type { ClipSeconds, RecordingMessages } from '../recordings/messages/open-recording';
import { LeRobotExportError } from './export-error';
import { fieldNumbers } from './field-numbers';
import { compressedImageBytes, imageShape, type ImageShape } from './image-bytes';

/** What the first messages of an episode's mapped topics say: the dimensions and names of its features, and its length. */
export interface EpisodeProbe {
  stateDims: number;
  /** The names the message itself gives (a JointState's `name`), where it gives them. */
  stateNames?: string[];
  actionDims?: number;
  actionNames?: string[];
  cameraShapes: ImageShape[];
  /** Frames the episode is expected to have: from the first time all mapped topics have a value to the clip's (or recording's) end. */
  expectedFrames: number;
}

const seconds = (ns: bigint) => (Number(ns) / 1e9).toFixed(3);

function clipText(clip: ClipSeconds | undefined): string {
  if (!clip || (clip.start === undefined && clip.end === undefined)) return '';
  return ` within the clip ${clip.start ?? 0}–${clip.end ?? 'end'} s`;
}

/**
 * Checks one recording against the mapping before anything is written: every mapped topic exists and has a message in
 * the clip, the state and action fields of the first message resolve to numbers, each camera's first message is a JPEG
 * or PNG (its shape read from its header). Reads only up to the first message of every mapped topic.
 */
export async function probeEpisode(recording: RecordingMessages, name: string, mapping: LeRobotMapping, clip: ClipSeconds | undefined): Promise<EpisodeProbe> {
  const mapped = [
    { role: 'state', topic: mapping.state.topic },
    ...(mapping.action ? [{ role: 'action', topic: mapping.action.topic }] : []),
    ...(mapping.cameras ?? []).map((camera) => ({ role: `camera "${camera.name}"`, topic: camera.topic })),
  ];
  const missing = mapped.filter(({ topic }) => !recording.topics.has(topic));
  if (missing.length > 0) {
    const has = [...recording.topics.keys()].sort().slice(0, 30).join(', ');
    throw new LeRobotExportError(`${name} has no topic ${missing.map(({ role, topic }) => `${topic} (the ${role})`).join(', ')}: it has ${has || 'no topics'}`);
  }
  if (clip?.start !== undefined && clip.end !== undefined && clip.end <= clip.start)
    throw new LeRobotExportError(`${name}: the clip ends (${clip.end} s) before it starts (${clip.start} s)`);

  const topics = [...new Set(mapped.map(({ topic }) => topic))];
  const first = new Map<string, { logTime: bigint; message: unknown }>();
  for await (const message of recording.messages(topics, clip)) {
    if (first.has(message.topic)) continue;
    let decoded: unknown;
    try {
      decoded = message.decode(message.data);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new LeRobotExportError(`${name}: the first message on topic ${message.topic} cannot be decoded: ${reason}`, { cause: error });
    }
    first.set(message.topic, { logTime: message.logTime, message: decoded });
    if (first.size === topics.length) break;
  }
  const silent = topics.filter((topic) => !first.has(topic));
  if (silent.length > 0) throw new LeRobotExportError(`${name} has no message on topic ${silent.join(', ')}${clipText(clip)}`);

  const vector = (what: string, { topic, field }: { topic: string; field: string }) => {
    const found = fieldNumbers(first.get(topic)!.message, field);
    if ('problem' in found)
      throw new LeRobotExportError(`${name}: field "${field}" of topic ${topic} (the ${what}) ${found.problem}, not a number or a list of numbers`);
    if (found.numbers.length === 0) throw new LeRobotExportError(`${name}: field "${field}" of topic ${topic} (the ${what}) is an empty list`);
    return found;
  };
  const state = vector('state', mapping.state);
  const action = mapping.action && vector('action', mapping.action);
  const cameraShapes = (mapping.cameras ?? []).map((camera) => {
    const bytes = compressedImageBytes(first.get(camera.topic)!.message);
    const shape = bytes && imageShape(bytes);
    if (!shape) {
      throw new LeRobotExportError(
        `${name}: topic ${camera.topic} (camera "${camera.name}") does not hold compressed JPEG or PNG images in a "data" field (such as sensor_msgs/CompressedImage)`,
      );
    }
    return shape;
  });

  const t0 = [...first.values()].reduce((max, { logTime }) => (logTime > max ? logTime : max), 0n);
  const clipEnd = clip?.end !== undefined ? recording.start + BigInt(Math.round(clip.end * 1e9)) : recording.end;
  const end = clipEnd < recording.end ? clipEnd : recording.end;
  const expectedFrames = end >= t0 ? Math.floor((Number(end - t0) * mapping.fps) / 1e9) + 1 : 0;
  if (expectedFrames === 0)
    throw new LeRobotExportError(`${name}: the mapped topics first all have a value at ${seconds(t0 - recording.start)} s, after the clip ends`);
  return {
    stateDims: state.numbers.length,
    ...(state.names && { stateNames: state.names }),
    ...(action && { actionDims: action.numbers.length, ...(action.names && { actionNames: action.names }) }),
    cameraShapes,
    expectedFrames,
  };
}
