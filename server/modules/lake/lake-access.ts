import type { Access } from '../../auth/guard';
import { listAccess } from '../../engine/list-access';

/** Who may call the lake's own routes: those the raw-data list grants the operation (src/resources), as its generic API does. */
export const bagAccess = (operation: 'read' | 'upload'): Access => listAccess('bag', operation);
