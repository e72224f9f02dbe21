/**
 * Session: login, logout, the authorised navigation data (userdefs, fetched once after login and
 * cached) and the logged user's profile. React reads it through useSession().
 */
import { useSyncExternalStore } from 'react';
import { ROUTES, type MenuItem, type TProfiloInfo, type TUserDefs, type TUserProfile } from '@tulip/contract';
import { OPS_AUTH, OPS_USER } from '@tulip/contract/wire';
import { reloadTo } from './env';
import { keepsOpenItems } from './desktop';
import { call } from './api';
import { clearTokens, getRefreshToken, isLoggedIn, setAccessToken, setRefreshToken } from './tokenStore';

export type UserDefs = TUserDefs;
export type ProfiloInfo = TProfiloInfo;
export type UserProfile = TUserProfile;

export type SessionState = {
  loggedIn: boolean;
  defs: UserDefs;
  profile: UserProfile | null;
};

const EMPTY_DEFS: UserDefs = { menu: [], routes: [] };
let state: SessionState = { loggedIn: false, defs: EMPTY_DEFS, profile: null };
const listeners = new Set<() => void>();

function setState(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export function getSession(): SessionState {
  return state;
}

export function useSession(): SessionState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getSession,
    getSession,
  );
}

/**
 * SPEC §2: on any platform other than a Windows desktop, menu items carrying an open flag are removed.
 * Groups left empty disappear.
 */
export function filterMenu(menu: MenuItem[], keepOpen = keepsOpenItems()): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of menu ?? []) {
    if (item.open && !keepOpen) continue;
    if (item.children) {
      const children = filterMenu(item.children, keepOpen);
      if (children.length) out.push({ ...item, children });
    } else {
      out.push(item);
    }
  }
  return out;
}

let defsPromise: Promise<UserDefs> | null = null;

/** GET /api/auth/userdefs, once per login (cached). A failure is only logged: the list is then empty. */
export function fetchUserDefs(force = false): Promise<UserDefs> {
  if (!defsPromise || force) {
    defsPromise = call(OPS_AUTH.userdefs, {}, { notifyError: false })
      .then((d) => ({
        menu: filterMenu(Array.isArray(d?.menu) ? d.menu : []),
        routes: Array.isArray(d?.routes) ? d.routes.filter((r): r is string => typeof r === 'string') : [],
      }))
      .catch((e: unknown) => {
        console.error('Dati di navigazione non disponibili', e);
        return EMPTY_DEFS;
      });
  }
  return defsPromise;
}

export function fetchProfile(): Promise<UserProfile> {
  // without the override the answer is the profile, not the list of profiles
  return call(OPS_USER.profilo, {}, { notifyError: false }) as Promise<UserProfile>;
}

/** Loads the navigation data and the profile of the logged user into the session. */
export async function loadSession(): Promise<void> {
  if (!isLoggedIn()) {
    setState({ loggedIn: false, defs: EMPTY_DEFS, profile: null });
    return;
  }
  const [defs, profile] = await Promise.all([
    fetchUserDefs(),
    fetchProfile().catch((e: unknown) => {
      console.error('Profilo utente non disponibile', e);
      return null;
    }),
  ]);
  // A failed renewal may have removed the tokens meanwhile.
  setState({ loggedIn: isLoggedIn(), defs, profile });
}

/** Re-reads the profile only (after the user changed one of their settings). */
export async function refreshProfile(): Promise<void> {
  setState({ profile: await fetchProfile() });
}

/** Re-reads navigation data and profile (after switching the active profile). */
export async function refreshSession(): Promise<void> {
  defsPromise = null;
  await loadSession();
}

/** SPEC §4 "Login": credentials -> user token -> authorisation -> atoken + rtoken stored. */
/**
 * The password's step. A second factor due (issue #32 §2) comes back to the caller with its token, and the login
 * ends with `loginWithUserToken` once the code (or the enrolment) has given the user token.
 */
export async function login(username: string, password: string): Promise<{ token: string; mfa_required?: true; mfa_enrolment_required?: true } | undefined> {
  const answer = await call(OPS_AUTH.loginUser, { body: { username, password } }, { auth: false, notifySuccess: false });
  if (answer.mfa_required || answer.mfa_enrolment_required) return answer;
  await loginWithUserToken(answer.token);
  return undefined;
}

/** The last step of every login: the one-time user token (a password's, a second factor's, or single sign-on's) for the pair of tokens. */
export async function loginWithUserToken(token: string): Promise<void> {
  const pair = await call(OPS_AUTH.authUser, { body: undefined }, { auth: token, notifySuccess: false });
  setAccessToken(pair.atoken);
  setRefreshToken(pair.rtoken);
  defsPromise = null;
  await loadSession();
}

/** SPEC §4 "Logout": the tokens are removed and the page reloads. */
export async function logout(): Promise<void> {
  const rtoken = getRefreshToken();
  try {
    if (rtoken) await call(OPS_AUTH.logout, { body: { rtoken } }, { notifySuccess: false, notifyError: false });
  } catch (e) {
    console.warn('Logout sul server non riuscito', e);
  } finally {
    clearTokens();
    reloadTo('/');
  }
}

/** The route names the user may open. */
export function isAuthorised(routeName: string | undefined): boolean {
  return !!routeName && state.defs.routes.includes(routeName);
}

/**
 * Where the active profile lands after login or a change of profile (issue #12): its landing page when set and
 * granted (reception on the register, an employee on the clock-in), else the home page.
 */
export function landingPath(session: Pick<SessionState, 'defs' | 'profile'> = getSession()): string {
  const name = session.profile?.profilo?.pagina_iniziale;
  if (!name || !session.defs.routes.includes(name)) return '/';
  const route = ROUTES.find((r) => r.name === name);
  // optional parameters (/turni/definizione/:id?) are left out
  return route ? route.path.replace(/\/:[a-z_]+\?/gi, '') : '/';
}
