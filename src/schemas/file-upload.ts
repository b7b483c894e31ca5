import { defineEntity, type EntityRecord } from './engine/entity';
import { bytes, enumOf, integer, text } from './engine/fields';

/**
 * Spec §3 file upload record: one multipart upload of a recording, written by the upload flow.
 * Spec §4: its status (pending, processing, success, failed) and stage (MD5, parsing, waiting, completed).
 */
export const fileUpload = defineEntity({
  name: 'file-upload',
  table: 'file_uploads',
  label: 'fileUpload:_',
  scope: 'tenant',
  title: 'fileName',
  sort: { field: 'createdTime', order: 'desc' },
  unique: [['uploadId']],
  indexes: [['status']],
  fields: {
    fileName: text('fileUpload:fields.fileName', { edit: 'create', list: { width: 260 } }),
    objectKey: text('fileUpload:fields.objectKey', { max: 1024, edit: 'create', list: { width: 320, ellipsis: true, copyable: true } }),
    uploadId: text('fileUpload:fields.uploadId', { max: 128, edit: 'create', filter: 'equals', list: false }),
    status: enumOf(
      'fileUpload:fields.status',
      [
        { value: 'PENDING', label: 'fileUpload:status.PENDING', color: 'default' },
        { value: 'PROCESSING', label: 'fileUpload:status.PROCESSING', color: 'processing' },
        { value: 'SUCCESS', label: 'fileUpload:status.SUCCESS', color: 'success' },
        { value: 'FAILED', label: 'fileUpload:status.FAILED', color: 'error' },
      ],
      { initial: 'PENDING' },
    ),
    stage: enumOf(
      'fileUpload:fields.stage',
      [
        { value: 'md5', label: 'fileUpload:stages.md5', color: 'cyan' },
        { value: 'parsing', label: 'fileUpload:stages.parsing', color: 'blue' },
        { value: 'waiting', label: 'fileUpload:stages.waiting', color: 'gold' },
        { value: 'completed', label: 'fileUpload:stages.completed', color: 'green' },
      ],
      { initial: 'md5' },
    ),
    uploadedPartCount: integer('fileUpload:fields.uploadedPartCount', { edit: 'create', filter: false, list: { width: 110 } }),
    uploadedSize: bytes('fileUpload:fields.uploadedSize', { edit: 'create', list: { width: 120, sortable: true } }),
  },
});

export type FileUpload = EntityRecord<typeof fileUpload>;
