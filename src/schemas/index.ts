import { bag } from './bag';
import type { AnyEntity } from './engine/types';
import { feedback } from './feedback';
import { otaPackage } from './ota-package';
import { qualityLabel } from './quality-label';
import { taskImage } from './task-image';
import { templateTask } from './template-task';
import { tenant } from './tenant';

/** Every declared entity: the server makes a table and an API for each. */
export const entities: AnyEntity[] = [tenant, bag, qualityLabel, taskImage, templateTask, otaPackage, feedback];

export const entityByName = new Map(entities.map((entity) => [entity.name, entity]));
