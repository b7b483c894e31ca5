import { expect, it } from 'vitest';
import { sampleFrames } from '../../server/lerobot/frame-sampler';
import type { RecordedMessage } from '../../server/recordings/messages/open-recording';

/** A joint-state topic at 25 Hz held in memory, as a decompressed chunk hands its messages on: through promises alone. */
async function* inMemory(count: number): AsyncGenerator<RecordedMessage> {
  for (let n = 0; n < count; n++)
    yield { topic: '/joint_states', logTime: BigInt(n) * 40_000_000n, data: new Uint8Array(0), decode: () => ({ position: [n, 0, 0] }) };
}

it('a LeRobot export gives the event loop a turn while it samples frames from memory, and loses no frame', async () => {
  let turns = 0;
  let sampling = true;
  const tick = () => {
    if (!sampling) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  const frames = await sampleFrames(
    inMemory(2000),
    { recording: 'memory.mcap', fps: 25, state: { topic: '/joint_states', field: 'position', dims: 3 }, cameras: [] },
    () => undefined,
  );
  sampling = false;
  expect(frames).toBe(2000);
  expect(turns).toBeGreaterThanOrEqual(9); // a turn every 200 frames at least; none at all without them
});
