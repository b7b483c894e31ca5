import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiClient } from '../../../cli/upload/api';
import { uploadFile } from '../../../cli/upload/upload-file';
import { writeStateRecording } from '../../lerobot-export';
import { sleep, type Api } from '../../runner/harness';
import type { Neighbour } from '../fairness';

const MAPPING = { fps: 30, state: { topic: '/joint_states', field: 'position' }, task: 'Hold the arm steady' };
const ROBOT_TYPE = 'bench-arm';

/**
 * One person exporting training data as LeRobot v3 (the server's export job): a dataset version of
 * one state-only recording of `frames` frames at 30 fps (bench/lerobot-export.ts), uploaded first;
 * each run makes a new training set of it and waits for the export to end, again until the time is up.
 */
export function leRobotExport(origin: string, token: string, api: Api, frames: number): Neighbour {
  let versionId = 0;
  let mappingId = 0;
  return {
    name: `LeRobot export of ${frames.toLocaleString('en')} frames`,
    prepare: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'edp-bench-load-lerobot-'));
      try {
        const file = path.join(dir, `load-states-${Date.now()}.mcap`);
        await writeStateRecording(file, frames);
        const metadata = { robotSn: 'SN-LOAD-ARM', robotType: ROBOT_TYPE, bagRegion: 'suzhou', uploadType: 'manual' };
        const outcome = await uploadFile(apiClient(origin, token), file, { metadata, pollMs: 500 });
        if (outcome.status !== 'SUCCESS') throw new Error(`the state recording's upload ended ${JSON.stringify(outcome)}`);
        mappingId = (await api.post('/data/training-mapping/create', { robotType: ROBOT_TYPE, mapping: JSON.stringify(MAPPING) })).id;
        const dataset = await api.post('/data/dataset/create', { name: `load-lerobot-${Date.now()}`, datasetType: 'raw', owner: 'admin' });
        await api.post('/data/lake/dataset/add-bags', { datasetId: dataset.id, ids: [outcome.bagId] });
        versionId = (await api.post('/data/dataset-version/create', { datasetId: dataset.id, version: '1.0.0' })).id;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    run: async (until) => {
      const from = Date.now();
      const spans: number[] = [];
      do {
        const began = Date.now();
        const { id } = await api.post('/data/training-data/create', { name: `load-${began}`, datasetVersionId: versionId, mappingId });
        let record: { status: string; failure?: string; frameCount?: number };
        while (!['success', 'failed'].includes((record = await api.get(`/data/training-data/get?id=${id}`)).status)) await sleep(500);
        if (record.status !== 'success') throw new Error(`the LeRobot export failed: ${record.failure}`);
        spans.push((Date.now() - began) / 1000);
      } while (Date.now() < until);
      const did = `${spans.length} exports, ${spans.map((span) => span.toFixed(1)).join(', ')} s (from the request to the record's success)`;
      return { windows: [{ label: '', from, to: Date.now() }], did };
    },
  };
}
