import type { TicketStatistics } from '../../../../model/schemas/ticket-work';
import { api, client } from '../../../providers/http';
import { saveBlob } from '../../components/schema/shared/save-file';

type Page<T> = { records: T[]; total: number };

/** A job of a ticket as the pages use it (the ticket-job record). */
export interface Job {
  id: number;
  ticketId: number;
  number: number;
  itemCount: number;
  assignee: string;
  managers: string[];
  stage: string;
  state: 'new' | 'in_progress' | 'submitted' | 'rejected' | 'done';
  rejectReason: string;
  rejectComment: string;
  rejections: number;
  claimedUntil: string | null;
  updatedTime: string;
}

/** A recording of a ticket in a job, with its annotator's verdict. */
export interface Item {
  id: number;
  ticketId: number;
  jobId: number;
  bagId: number;
  clipStart: number | null;
  clipEnd: number | null;
  assignee: string;
  qualityLabel: string;
  qualitySubLabel: string;
  note: string;
  updatedTime: string;
  titles?: Record<string, string>;
}

/** A labelled time range of an item's recording, in seconds from its start. */
export interface Annotation {
  id: number;
  itemId: number;
  jobId: number;
  bagId: number;
  startOffset: number;
  endOffset: number;
  labelId: number;
  subLabel: string;
  description: string;
  assignee: string;
  updatedTime: string;
  titles?: Record<string, string>;
}

export type { TicketStatistics, WorkFigures } from '../../../../model/schemas/ticket-work';
export type Label = { id: number; name: string; labelType: string };

/** The calls of labelling work (server/modules/tickets), for the ticket, job and annotating pages. */
export const ticketsApi = {
  /** A ticket's jobs; `mine`: only the caller's (the member's own view), `reviews`: those they manage. */
  jobs: (ticketId: number) => api.get<Page<Job>>('/data/ticket-job/query', { ticketId, pageSize: 1000 }),
  job: (id: number) => api.get<Job>('/data/ticket-job/get', { id }),
  move: (action: 'start' | 'submit' | 'rework' | 'accept', id: number) => api.post<Job[]>(`/data/ticket-job/${action}`, { ids: [id] }),
  reject: (id: number, reason: string, comment: string) => api.post<{ id: number; state: string }>(`/data/ticket-job/${id}/reject`, { reason, comment }),
  assign: (id: number, assignee: string) => api.post<{ id: number; assignee: string }>(`/data/ticket-job/${id}/assign`, { assignee }),
  claim: (ticketId: number) => api.post<{ id: number; number: number; claimedUntil: string }>(`/data/ticket/${ticketId}/claim`, {}),
  distribute: (ticketId: number, mode?: 'round_robin' | 'fewest_open') =>
    api.post<{ given: number }>(`/data/ticket/${ticketId}/distribute`, mode ? { mode } : {}),
  markDone: (ticketId: number, reason: string) =>
    api.post<{ id: number; status: string; open: number; total: number }>(`/data/ticket/${ticketId}/mark-done`, reason ? { reason } : {}),
  team: (teamId: number) => api.get<{ id: number; name: string; managers: string[]; members: string[] }>('/data/ticket-team/get', { id: teamId }),
  items: (jobId: number) => api.get<Page<Item>>('/data/ticket-item/query', { jobId, pageSize: 1000 }),
  updateItem: (item: Item, changes: Partial<Pick<Item, 'qualityLabel' | 'qualitySubLabel' | 'note'>>) =>
    api.post<Item>('/data/ticket-item/update', { id: item.id, updatedTime: item.updatedTime, ...changes }),
  annotations: (itemId: number) => api.get<Page<Annotation>>('/data/annotation/query', { itemId, pageSize: 1000 }),
  createAnnotation: (values: Pick<Annotation, 'itemId' | 'startOffset' | 'endOffset' | 'labelId' | 'subLabel' | 'description'>) =>
    api.post<Annotation>('/data/annotation/create', values),
  updateAnnotation: (annotation: Annotation, changes: Partial<Pick<Annotation, 'startOffset' | 'endOffset' | 'labelId' | 'subLabel' | 'description'>>) =>
    api.post<Annotation>('/data/annotation/update', { id: annotation.id, updatedTime: annotation.updatedTime, ...changes }),
  deleteAnnotation: (id: number) => api.post<{ deleted: number }>('/data/annotation/delete', { ids: [id] }),
  /** The space's labels of these types for a ticket's work (scene, quality and failure labels mark ranges; rework labels are reasons to reject). */
  labels: (ticketId: number, labelTypes: string[]) => api.get<Page<Label>>(`/data/ticket/${ticketId}/labels`, { labelType: labelTypes.join(',') }),
  statistics: (ticketId: number) => api.get<TicketStatistics>(`/data/ticket/${ticketId}/statistics`),
  /** The statistics of the chosen collectors (1 to 100) as CSV, saved as the server sent it. */
  downloadStatistics: async (ticketId: number, collectors: string[], lang: string) => {
    const response = await client.get<Blob>(`/data/ticket/${ticketId}/statistics/export`, {
      params: { collectors: collectors.join(','), lang },
      responseType: 'blob',
      raw: true,
    });
    saveBlob(`ticket-${ticketId}-statistics.csv`, response.data);
  },
};
