import { api, client } from '../../../providers/http';
import { saveBlob } from '../../components/schema/shared/save-file';

/** A bulk action's bags: the selected ids, or all the list's filter matches. */
export type Selection = { ids: number[] } | { filter: Record<string, string> };
export type Outcome = { changed: number; unchanged: number };
type Named = { id: number; name: string };
type Page<T> = { records: T[]; total: number };

export interface DiffSide {
  qualityLabel: string | null;
  qualitySubLabel: string | null;
  labelList: string[] | null;
  clipStart: number | null;
  clipEnd: number | null;
}
export interface VersionDiff {
  added: number;
  removed: number;
  changed: number;
  total: number;
  sameContent: boolean;
  records: { bagId: number; bagName: string; kind: 'added' | 'removed' | 'changed'; before: DiffSide | null; after: DiffSide | null }[];
}

/** The calls of curating, publishing and comparing datasets (server/modules/datasets). */
export const datasetsApi = {
  rawDatasets: (name: string) => api.get<Page<Named>>('/data/dataset/query', { datasetType: 'raw', name, pageSize: 20 }),
  createDataset: (values: Record<string, unknown>) => api.post<Named>('/data/dataset/create', values),
  addBags: (datasetId: number, selection: Selection) => api.post<Outcome>('/data/lake/dataset/add-bags', { datasetId, ...selection }),
  failureLabels: () => api.get<Page<Named>>('/console/label/query', { labelType: 'failure', pageSize: 100 }),
  markQuality: (values: Record<string, unknown>, selection: Selection) => api.post<Outcome>('/data/lake/bag/mark-quality', { ...values, ...selection }),
  versions: (datasetId: number) =>
    api.get<Page<{ id: number; version: string; contentHash: string }>>('/data/dataset-version/query', { datasetId, pageSize: 100 }),
  diff: (params: { from: number; to: number; kind?: string; pageNum: number; pageSize: number }) =>
    api.get<VersionDiff>('/data/lake/dataset-version/diff', params),
  /** The manifest as a file: streamed by the server, saved as it came. */
  downloadManifest: async (id: number, version: string) => {
    const response = await client.get<Blob>('/data/lake/dataset-version/manifest', { params: { id }, responseType: 'blob', timeout: 0, raw: true });
    saveBlob(`manifest-${version}.json`, response.data);
  },
};

export interface MappingPreview {
  topics: { topic: string; messageType: string }[];
  probe: { stateDims: number; stateNames?: string[]; actionDims?: number; actionNames?: string[]; cameraShapes: unknown[]; expectedFrames: number };
  frames: { state: number[]; action: number[] | null; imageBytes: number[] }[];
}

/** Links out: a training set's archive, a processing run's file; and a mapping tried on a recording. */
export const exportsApi = {
  archiveLink: (id: number) => api.get<{ url: string; fileName: string }>('/data/lake/training-data/download-url', { id }),
  outputLink: (id: number, name: string) => api.get<{ url: string }>('/data/lake/processing-record/output-file', { id, name }),
  preview: (mapping: string, bagId: number) => api.post<MappingPreview>('/data/lake/training-mapping/preview', { mapping, bagId }),
};

/** What a version's page starts: a training set exported from it, a processing run over it. */
export const versionWorkApi = {
  mappings: () => api.get<Page<{ id: number; robotType: string }>>('/data/training-mapping/query', { pageSize: 100 }),
  processingTasks: () => api.get<Page<Named>>('/taskFlow/task/query', { taskType: 'data_processing', status: 'active', pageSize: 100 }),
  exportTraining: (values: Record<string, unknown>) => api.post<{ id: number }>('/data/training-data/create', values),
  process: async (values: Record<string, unknown>) => {
    const record = await api.post<{ id: number }>('/data/processing-record/create', values);
    await api.post('/data/processing-record/start', { ids: [record.id] });
    return record;
  },
};
