import type { DomainModule } from '../../engine/module';
import { objectRoutes } from './object-routes';

/** Files kept on local disk, served and taken through the links the store signs. */
export const objectsModule: DomainModule = { name: 'objects', setup: (context) => ({ routes: (app) => objectRoutes(app, context) }) };
