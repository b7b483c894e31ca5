import type { LeRobotMapping } from '../../model/schemas/lerobot-mapping';
import { openRecordingMessages } from '../recordings/messages/open-recording';
import type { ByteSource } from '../recordings/summary';
import { sampleFrames } from './frame-sampler';
import { probeEpisode, type EpisodeProbe } from './probe-episode';

export interface MappingPreview {
  /** What the recording holds: each topic with its message type. */
  topics: { topic: string; messageType: string }[];
  probe: EpisodeProbe;
  /** The first frames as the export would make them: state and action values, each camera's image size in bytes. */
  frames: { state: number[]; action: number[] | null; imageBytes: number[] }[];
}

/**
 * A mapping tried on one recording before an export uses it: the recording's topics, the features the mapping
 * would give (dimensions, names, camera shapes, frames expected) and the first frames. Reads only what those take.
 * A mapping that does not fit throws the export's own LeRobotExportError, naming the topic or field.
 */
export async function previewMapping(source: ByteSource, fileName: string, mapping: LeRobotMapping, count = 5): Promise<MappingPreview> {
  const recording = await openRecordingMessages(source, fileName);
  const topics = [...recording.topics.values()].map(({ topic, messageType }) => ({ topic, messageType }));
  const probe = await probeEpisode(recording, fileName, mapping, undefined);
  const cameras = (mapping.cameras ?? []).map((camera) => ({ topic: camera.topic }));
  const mapped = [mapping.state.topic, ...(mapping.action ? [mapping.action.topic] : []), ...cameras.map((camera) => camera.topic)];
  const frames: MappingPreview['frames'] = [];
  async function* untilEnough() {
    for await (const message of recording.messages([...new Set(mapped)])) {
      if (frames.length >= count) return;
      yield message;
    }
  }
  await sampleFrames(
    untilEnough(),
    {
      recording: fileName,
      fps: mapping.fps,
      state: { ...mapping.state, dims: probe.stateDims },
      ...(mapping.action && probe.actionDims !== undefined ? { action: { ...mapping.action, dims: probe.actionDims } } : {}),
      cameras,
    },
    (frame) => {
      if (frames.length < count)
        frames.push({
          state: Array.from(frame.state),
          action: frame.action ? Array.from(frame.action) : null,
          imageBytes: frame.images.map((image) => image.byteLength),
        });
    },
  );
  return { topics, probe, frames };
}
