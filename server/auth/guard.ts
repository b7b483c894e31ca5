import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allows, permissionsOf, type Permission } from '../../model/access/permissions';
import type { AppContext } from '../context';
import type { Account, Tenant } from '../db/tables';
import { forbidden, passwordChangeRequired, sessionExpired } from '../http/api-error';
import { accessKeyPrincipal, isAccessKeyToken } from './access-key-auth';
import { bearerToken } from './bearer';
import { findSession } from './sessions';

/** Who may call a route: anyone, any signed-in user, or holders of one of the listed permissions (spec §6). */
export type Access = 'public' | 'signedIn' | readonly Permission[];

export interface Principal {
  account: Account;
  tenant: Tenant;
  permissions: Permission[];
  /** The session's key; '' for a call made with an access key. */
  sessionKey: string;
  /** The access key the call was made with, if it was. */
  accessKeyId?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Answers an account whose password is still a one-time one (mustChangePassword); every other signed-in route refuses it with 428. */
    oneTimePassword?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/**
 * Routes are signed-in only unless they say otherwise; the tenant always comes from the session.
 * An account signed in with a one-time password (set by an administrator, a reset or a new space)
 * reaches only the routes that opt in with `oneTimePassword` until it has chosen its own: 428, not
 * 403, which the console reads as an ended session (spec §8).
 */
export function registerGuard(app: FastifyInstance, { db, clock, config, records }: AppContext): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const { access = 'signedIn', oneTimePassword = false } = request.routeOptions.config;
    if (access === 'public' || request.is404) return;
    request.principal = await authenticate(request, { db, clock, config, records });
    if (request.principal.account.mustChangePassword && !oneTimePassword) throw passwordChangeRequired();
    if (access !== 'signedIn' && !allows(request.principal.permissions, access)) throw forbidden();
  });
}

async function authenticate(request: FastifyRequest, context: Pick<AppContext, 'db' | 'clock' | 'config' | 'records'>): Promise<Principal> {
  const { db, clock, config } = context;
  const sessionKey = bearerToken(request.headers.authorization);
  if (sessionKey && isAccessKeyToken(sessionKey)) {
    const principal = await accessKeyPrincipal(context, sessionKey);
    if (!principal) throw sessionExpired();
    return principal;
  }
  const session = sessionKey ? await findSession(db, sessionKey, clock(), config.sessionIdleMs) : null;
  if (!sessionKey || !session) throw sessionExpired();
  const { account, tenant } = session;
  return { account, tenant, sessionKey, permissions: permissionsOf({ role: account.role, internal: tenant.internal }) };
}

/** The principal of a guarded route (the guard has already refused anonymous calls). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw sessionExpired();
  return request.principal;
}
