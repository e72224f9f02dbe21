/**
 * Who may hand out which profile (issue #11): nobody gives more than they hold. A pure rule, so the users resource,
 * the permission matrix and the unit test all read the same one.
 */
import type { TScope } from '@tulip/contract';

export type Grantable = { codice: string; scope: TScope; routes: string[] };

/** The administrator's profile: only an administrator hands it out. */
export const ADMIN_PROFILE = 'AMMINISTRATORE';

// how far a scope reaches: a wider one sees everything a narrower one does
const REACH: Record<TScope, number> = { proprio: 0, reparto: 1, tutti: 2 };

/**
 * Whether a user acting with profile `actor` may give (or take away) `profile`: its route names are a subset of the
 * actor's, its data scope is no wider, and the administrator's profile only from an administrator.
 */
export function canGrant(actor: Grantable | null, profile: Grantable): boolean {
  if (!actor) return false;
  if (profile.codice === ADMIN_PROFILE && actor.codice !== ADMIN_PROFILE) return false;
  if (REACH[profile.scope] > REACH[actor.scope]) return false;
  const own = new Set(actor.routes);
  return profile.routes.every((r) => own.has(r));
}
