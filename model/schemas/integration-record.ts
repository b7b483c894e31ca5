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
  label: 'integration:_',
  scope: 'tenant',
  title: 'name',
  sort: { field: 'createdTime', order: 'desc' },
  indexes: [['planId']],
  fields: {
    name: text('integration:fields.name', { max: 64, list: { width: 220 } }),
    planId: reference('integration:fields.planId', 'collection-plan', { required: true }),
    collectors: tags('integration:fields.collectors', { required: true, max: 100 }),
    startTime: datetime('integration:fields.startTime', { required: true }),
    endTime: datetime('integration:fields.endTime', { required: true }),
    bagCount: integer('integration:fields.bagCount', { max: 10_000_000, edit: false }),
    totalSize: bytes('integration:fields.totalSize', { edit: false }),
    status: enumOf(
      'integration:fields.status',
      [
        { value: 'pending', label: 'integration:status.pending', color: 'default' },
        { value: 'processing', label: 'integration:status.processing', color: 'blue' },
        { value: 'success', label: 'integration:status.success', color: 'green' },
        { value: 'failed', label: 'integration:status.failed', color: 'red' },
      ],
      { initial: 'pending' },
    ),
  },
  states: {
    field: 'status',
    actions: {
      retry: { label: 'integration:actions.retry', from: ['failed'], to: 'pending', confirm: true },
    },
  },
  rules: [{ field: 'endTime', message: 'integration:rules.timeRange', holds: (values) => !(time(values.startTime) > time(values.endTime)) }],
});

export type IntegrationRecord = EntityRecord<typeof integrationRecord>;
