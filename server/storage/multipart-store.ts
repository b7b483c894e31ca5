import type { ObjectStore } from './object-store';

/** The multipart half of an object store, as each store's uploads object does it. */
export type MultipartUploads = Pick<ObjectStore, 'createMultipart' | 'uploadPart' | 'listParts' | 'completeMultipart' | 'abortMultipart'>;

/** A store whose multipart calls are its uploads object's: local disk and S3 differ only in that object. */
export abstract class MultipartStore implements MultipartUploads {
  protected abstract readonly uploads: MultipartUploads;
  createMultipart: ObjectStore['createMultipart'] = (key, options) => this.uploads.createMultipart(key, options);
  uploadPart: ObjectStore['uploadPart'] = (key, uploadId, partNumber, body, size, md5) => this.uploads.uploadPart(key, uploadId, partNumber, body, size, md5);
  listParts: ObjectStore['listParts'] = (key, uploadId) => this.uploads.listParts(key, uploadId);
  completeMultipart: ObjectStore['completeMultipart'] = (key, uploadId, parts) => this.uploads.completeMultipart(key, uploadId, parts);
  abortMultipart: ObjectStore['abortMultipart'] = (key, uploadId) => this.uploads.abortMultipart(key, uploadId);
}
