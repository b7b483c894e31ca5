import type { DomainModule } from '../../engine/module';
import { jobHooks } from './job-hooks';
import { jobRoutes } from './job-routes';
import { recordingRoutes } from './recording-routes';
import { teamRoutes } from './team-routes';
import { ticketHooks } from './ticket-hooks';
import { ticketRoutes } from './ticket-routes';
import { annotationHooks, eventHooks, itemHooks, jobDeleteHooks } from './work-hooks';

/**
 * Labelling work: a ticket made from a dataset version is cut into jobs its team works through
 * (handed out, or claimed and held while worked), annotated on the recordings, reviewed by the team's
 * managers, measured from the server's own record of every move, and, accepted, written back onto
 * the bags.
 */
export const ticketsModule: DomainModule = {
  name: 'tickets',
  setup: (context) => ({
    hooks: {
      ticket: ticketHooks,
      'ticket-job': { ...jobHooks, ...jobDeleteHooks },
      'ticket-item': itemHooks,
      annotation: annotationHooks,
      'ticket-job-event': eventHooks,
    },
    routes: (app) => {
      ticketRoutes(app, context);
      jobRoutes(app, context);
      recordingRoutes(app, context);
      teamRoutes(app, context);
    },
  }),
};
