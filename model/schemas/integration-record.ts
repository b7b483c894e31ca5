import { defineEntity, type EntityRecord } from './engine/entity';
import { bytes, datetime, enumOf, integer, reference, tags, text } from './engine/fields';

const time = (value: unknown) => (typeof value === 'string' && value ? Date.parse(value) : Number.NaN);

/**
 * A data integration run: the bags a plan's collectors recorded in a time range, gathered for export.
 * Spec §5: 1 to 100 collectors; upload states of spec §4.
 */
export const integrationRecord = defineEntity({
  name: 'integration-record',
  table: 'integration_records',
  label: 'integrationRecord:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  indexes: [['planId']],
  fields: {
    name: text('integrationRecord:fields.name', { max: 64, list: { width: 220 } }),
    planId: reference('integrationRecord:fields.planId', 'collection-plan', { required: true }),
    collectors: tags('integrationRecord:fields.collectors', { required: true, max: 100 }),
    startTime: datetime('integrationRecord:fields.startTime', { required: true }),
    endTime: datetime('integrationRecord:fields.endTime', { required: true }),
    bagCount: integer('integrationRecord:fields.bagCount', { max: 10_000_000, edit: false }),
    totalSize: bytes('integrationRecord:fields.totalSize', { edit: false }),
    status: enumOf(
      'integrationRecord:fields.status',
      [
        { value: 'pending', label: 'integrationRecord:status.pending', color: 'default' },
        { value: 'processing', label: 'integrationRecord:status.processing', color: 'blue' },
        { value: 'success', label: 'integrationRecord:status.success', color: 'green' },
        { value: 'failed', label: 'integrationRecord:status.failed', color: 'red' },
      ],
      { initial: 'pending' },
    ),
  },
  states: {
    field: 'status',
    actions: {
      retry: { label: 'integrationRecord:actions.retry', from: ['failed'], to: 'pending', confirm: true },
    },
  },
  rules: [{ field: 'endTime', message: 'integrationRecord:rules.timeRange', holds: (values) => !(time(values.startTime) > time(values.endTime)) }],
});

export type IntegrationRecord = EntityRecord<typeof integrationRecord>;
