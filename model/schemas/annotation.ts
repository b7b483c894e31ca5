import { defineEntity, type EntityRecord } from './engine/entity';
import { decimal, reference, text, textarea } from './engine/fields';

/** Written by the server from the item and its job. */
const derived = { edit: false, filter: false } as const;

const inOrder = (values: Record<string, unknown>) =>
  typeof values.startOffset !== 'number' || typeof values.endOffset !== 'number' || values.endOffset > values.startOffset;

/** Seconds into a recording, to the millisecond. */
const offset = (label: string) => decimal(label, { required: true, min: 0, max: 31_536_000, precision: 3, filter: false, list: { width: 100 } });

/**
 * A time range of one recording of a ticket marked with a label of the space (a scene, a quality or a
 * failure label: Drop Error, Object Too Small...), a sub label and a description. Spec §4: annotations
 * can be deleted. Made, changed and deleted by the job's assignee while the job is open.
 */
export const annotation = defineEntity({
  name: 'annotation',
  table: 'annotations',
  label: 'annotation:_',
  scope: 'tenant',
  title: 'labelId',
  sort: { field: 'startOffset', order: 'asc' },
  belongsTo: 'itemId',
  listedWithin: 'ticketId',
  indexes: [['itemId'], ['jobId']],
  fields: {
    itemId: reference('annotation:fields.itemId', 'ticket-item', { edit: 'create', required: true, list: { width: 120 } }),
    ticketId: reference('annotation:fields.ticketId', 'ticket', { ...derived, filter: 'equals', list: false }),
    jobId: reference('annotation:fields.jobId', 'ticket-job', { ...derived, filter: 'equals', list: false }),
    bagId: reference('annotation:fields.bagId', 'bag', { ...derived, filter: 'equals', list: { width: 200 } }),
    // Within any recording: a second long at least.
    startOffset: { ...offset('annotation:fields.startOffset'), example: () => 0 },
    endOffset: { ...offset('annotation:fields.endOffset'), example: () => 1 },
    labelId: reference('annotation:fields.labelId', 'label', { required: true, list: { width: 160 } }),
    subLabel: text('annotation:fields.subLabel', { required: false, max: 64, filter: 'equals', list: { width: 140 } }),
    description: textarea('annotation:fields.description'),
    assignee: text('annotation:fields.assignee', { ...derived, required: false, max: 64, filter: 'equals', list: { width: 120 } }),
  },
  rules: [{ field: 'endOffset', message: 'annotation:rules.range', holds: inOrder }],
});

export type Annotation = EntityRecord<typeof annotation>;
