import { fileUpload } from '../../../model/schemas/file-upload';
import { UPLOAD_EXPIRES_HOURS } from '../../../model/schemas/upload';
import type { AppContext } from '../../context';
import { loose } from '../../engine/queries';
import type { JobHandler } from '../../jobs/worker';
import { failUpload } from './finish-upload';
import type { UploadRow } from './uploads';

/** Uploads nobody has continued for UPLOAD_EXPIRES_HOURS: their parts are removed and they are marked expired. */
export const expireJob =
  (context: AppContext): JobHandler =>
  async (_payload, { db, clock }) => {
    const before = new Date(clock().getTime() - UPLOAD_EXPIRES_HOURS * 3_600_000);
    const stale = (await loose(db)
      .selectFrom(fileUpload.table)
      .selectAll()
      .where('status', '=', 'PENDING')
      .where('updatedTime', '<', before)
      .limit(500)
      .execute()) as UploadRow[];
    for (const upload of stale) await failUpload(context, upload, 'expired');
  };
