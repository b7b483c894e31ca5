import { entityListEntry } from '../../../../model/resources/index';
import type { ModelOverview } from '../../../../model/schemas/model-overview';
import { MODEL_OVERVIEW_PATH } from '../../../../model/schemas/model-overview-path';
import { api } from '../../../providers/http';

export interface OwnedFile {
  name: string;
  size: number;
  sha256: string;
  storedTime: string;
}

export interface CardLineage {
  run: { id: number; taskName: string; status: string; startTime: string | null; endTime: string | null } | null;
  versions: { id: number; version: string; datasetId: number; datasetName: string; contentHash: string | null; bagCount: number | null }[];
}

const cards = () => entityListEntry('model-card')!.api;

/** The files a record took from its run, under its entity's API (server/modules/models/file-routes.ts). */
export const ownedFilesApi = {
  files: async (entityApi: string, id: number) => (await api.get<{ files: OwnedFile[] }>(`${entityApi}/${id}/files`)).files,
  link: (entityApi: string, id: number, name: string) => api.get<{ url: string }>(`${entityApi}/${id}/files/${encodeURIComponent(name)}/link`),
};

/** A model card's lineage (server/modules/models/lineage-routes.ts) and the space's models (model-overview-routes.ts). */
export const modelsApi = {
  lineage: (id: number) => api.get<CardLineage>(`${cards()}/${id}/lineage`),
  // Sent as the page's route starts (its route names the call): this takes that answer.
  overview: () => api.get<ModelOverview>(MODEL_OVERVIEW_PATH),
};
