import { defineEntity, type EntityRecord } from './engine/entity';
import { bytes, enumOf, integer, json, reference, text } from './engine/fields';
import { HEX32 } from './limits';

/**
 * Spec §3 file upload record: one multipart upload of a recording, written by the upload flow.
 * Spec §4: its status (pending, processing, success, failed) and stage (MD5, upload, parsing, waiting,
 * completed). The upload flow (server/modules/lake) holds what it needs to resume and to make the
 * bag: the file's size and MD5, its part size, the metadata the uploader gave.
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
  progress: ['uploadedPartCount', 'uploadedSize'],
  fields: {
    fileName: text('fileUpload:fields.fileName', { edit: 'create', list: { width: 260 } }),
    objectKey: text('fileUpload:fields.objectKey', { max: 1024, edit: 'create', list: { width: 320, ellipsis: true, copyable: true } }),
    uploadId: text('fileUpload:fields.uploadId', { max: 128, edit: 'create', filter: 'equals', list: false }),
    // The object store's own id of the multipart upload (S3's is long and means nothing to a person).
    multipartId: text('fileUpload:fields.multipartId', { max: 1024, required: false, edit: false, filter: false, list: false, show: false }),
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
        { value: 'uploading', label: 'fileUpload:stages.uploading', color: 'processing' },
        { value: 'parsing', label: 'fileUpload:stages.parsing', color: 'blue' },
        { value: 'waiting', label: 'fileUpload:stages.waiting', color: 'gold' },
        { value: 'completed', label: 'fileUpload:stages.completed', color: 'green' },
      ],
      { initial: 'md5' },
    ),
    fileSize: bytes('fileUpload:fields.fileSize', { edit: 'create', list: { width: 120 } }),
    md5: text('fileUpload:fields.md5', {
      required: false,
      pattern: [HEX32, 'bag:rules.digest'],
      example: (n) => n.toString(16).padStart(32, '0'),
      edit: 'create',
      filter: 'equals',
      list: false,
    }),
    partSize: bytes('fileUpload:fields.partSize', { edit: 'create', filter: false, list: false }),
    partCount: integer('fileUpload:fields.partCount', { edit: 'create', filter: false, list: false }),
    failure: enumOf(
      'fileUpload:fields.failure',
      [
        { value: 'md5', label: 'fileUpload:failures.md5', color: 'error' },
        { value: 'parse', label: 'fileUpload:failures.parse', color: 'error' },
        { value: 'quota', label: 'fileUpload:failures.quota', color: 'error' },
        { value: 'cancelled', label: 'fileUpload:failures.cancelled', color: 'default' },
        { value: 'expired', label: 'fileUpload:failures.expired', color: 'default' },
        { value: 'error', label: 'fileUpload:failures.error', color: 'error' },
      ],
      { required: false, edit: false, list: { width: 160 } },
    ),
    bag: reference('fileUpload:fields.bag', 'bag', { required: false, edit: false, list: false }),
    metadata: json('fileUpload:fields.metadata', { edit: 'create' }),
    uploadedPartCount: integer('fileUpload:fields.uploadedPartCount', { edit: 'create', filter: false, list: { width: 110 } }),
    uploadedSize: bytes('fileUpload:fields.uploadedSize', { edit: 'create', list: { width: 120, sortable: true } }),
  },
});

export type FileUpload = EntityRecord<typeof fileUpload>;
