/**
 * The catalogue of every authenticated screen: its route name (DESIGN §4: the path without
 * "/" and parameters, segments joined by dots), path, title key and menu group.
 * `ready` marks screens that exist; the menu shows only those, while profiles may already
 * grant the others so later modules appear without touching profiles.
 */
export type RouteDef = {
  name: string;
  path: string; // react-router path, parameters included
  title: string; // translation key
  group: MenuGroupKey;
  ready: boolean;
  open?: boolean; // desktop-only item that opens a local program (kept only on Windows)
  api?: boolean; // no screen: a route name only API tokens use (a badge reader's punch), never in the menu
};

export const MENU_GROUPS = [
  'presenze', 'consultazione', 'visite', 'dotazioni', 'contratti', 'rilevazione', 'commesse', 'spese',
  'anagrafica', 'amministrazione',
] as const;
export type MenuGroupKey = (typeof MENU_GROUPS)[number];

const r = (name: string, path: string, group: MenuGroupKey, ready = false, title = `menu.${name}`): RouteDef => ({
  name, path, title, group, ready,
});

export const ROUTES: RouteDef[] = [
  r('turni.definizione', '/turni/definizione/:id?', 'presenze', true),
  r('turni.calendario', '/turni/calendario', 'presenze', true),
  r('turni.orari', '/turni/orari', 'presenze', true),
  r('turni.festivita', '/turni/festivita', 'presenze', true),
  r('giustificativi.calendario', '/giustificativi/calendario', 'presenze', true),
  r('giustificativi.causali', '/giustificativi/causali', 'presenze', true),
  r('timbrature.calendario', '/timbrature/calendario', 'presenze', true),
  // no screen: a badge reader's API token punches with it (PUT /api/timbrature/badge), granted to no default profile
  { ...r('timbrature.badge', '/timbrature/badge', 'presenze'), api: true },
  r('cartellino', '/cartellino', 'consultazione', true),
  r('presentiassenti', '/presentiassenti', 'consultazione', true),
  r('presentireparto', '/presentireparto', 'consultazione', true),
  r('totaliz', '/totaliz', 'consultazione', true),
  r('lul', '/lul', 'consultazione', true),
  r('assenti.all', '/assenti/all', 'consultazione', true),
  r('assenti.cdc', '/assenti/cdc', 'consultazione', true),
  r('conformita', '/conformita', 'consultazione', true),
  r('paghe.tracciati', '/paghe/tracciati', 'consultazione', true),
  r('visite.registro', '/visite/registro', 'visite', true),
  r('visite.autorizzazioni', '/visite/autorizzazioni', 'visite', true),
  r('visite.motivovisita', '/visite/motivovisita', 'visite', true),
  r('visite.referentevisita', '/visite/referentevisita', 'visite', true),
  r('visite.tipovisitatore', '/visite/tipovisitatore', 'visite', true),
  r('visite.linkvisitatore', '/visite/linkvisitatore', 'visite', true),
  r('visite.parametri', '/visite/parametri', 'visite', true),
  r('dotazioni.anagrafica', '/dotazioni/anagrafica', 'dotazioni', true),
  r('dotazioni.tipologie', '/dotazioni/tipologie', 'dotazioni', true),
  r('dotazioni.consegne', '/dotazioni/consegne', 'dotazioni', true),
  r('dotazioni.mansione', '/dotazioni/mansione', 'dotazioni', true),
  r('contratti.stipulazione', '/contratti/stipulazione', 'contratti', true),
  r('contratti.fascicolo', '/contratti/fascicolo', 'contratti', true),
  r('contratti.retribuzione', '/contratti/retribuzione', 'contratti', true),
  r('rilevazione.commessa1', '/rilevazione/commessa1', 'rilevazione', true),
  r('rilevazione.commessa2', '/rilevazione/commessa2', 'rilevazione', true),
  r('rilevazione.rilevaTempoFase', '/rilevazione/rileva-tempo-fase', 'rilevazione', true),
  r('rilevazione.iniziaFase', '/rilevazione/inizia-fase', 'rilevazione', true),
  r('rilevazione.iniziaFaseChiudiPrec', '/rilevazione/inizia-fase-chiudi-prec', 'rilevazione', true),
  r('rilevazione.chiudiFase', '/rilevazione/chiudi-fase', 'rilevazione', true),
  r('rilevazione.rapportino', '/rilevazione/rapportino/:id?', 'rilevazione', true),
  r('rilevazione.parametri', '/rilevazione/parametri', 'rilevazione', true),
  r('commesse.anagrafica', '/commesse/anagrafica', 'commesse', true),
  r('commesse.visibilita', '/commesse/visibilita', 'commesse', true),
  r('commesse.associa', '/commesse/associa', 'commesse', true),
  r('commesse.pianificazione', '/commesse/pianificazione', 'commesse', true),
  r('commesse.report', '/commesse/report/:id?', 'commesse', true),
  r('commesse.clienti', '/commesse/clienti', 'commesse', true),
  r('notaspese', '/notaspese', 'spese', true),
  r('notaspesaadmin', '/notaspesaadmin', 'spese', true),
  r('speseadmin', '/speseadmin/:id?', 'spese', true),
  r('tipipagamento', '/tipipagamento', 'spese', true),
  r('tipispesa', '/tipispesa', 'spese', true),
  r('veicoli', '/veicoli', 'spese', true),
  r('valute', '/valute', 'spese', true),
  r('anagrafica.dipendenti', '/anagrafica/dipendenti', 'anagrafica', true),
  r('anagrafica.reparti', '/anagrafica/reparti', 'anagrafica', true),
  r('anagrafica.cdc', '/anagrafica/cdc', 'anagrafica', true),
  r('rilevazione.tipo', '/rilevazione/tipo', 'anagrafica', true),
  r('tipodocumento', '/tipodocumento', 'anagrafica', true),
  r('azienda', '/azienda', 'amministrazione', true),
  r('anagrafica.utenti', '/anagrafica/utenti', 'amministrazione', true),
  r('anagrafica.profili', '/anagrafica/profili', 'amministrazione', true),
  r('lingue', '/lingue', 'amministrazione', true),
  r('traduzioni', '/traduzioni', 'amministrazione', true),
  r('audit', '/audit', 'amministrazione', true),
  r('webhook', '/webhook', 'amministrazione', true),
  r('terminali', '/terminali', 'amministrazione', true),
  r('integrazioni.token', '/integrazioni/token', 'amministrazione', true),
  r('accesso', '/accesso', 'amministrazione', true),
  r('anagrafica.vocimenu', '/anagrafica/vocimenu', 'amministrazione', true),
];

export const ROUTE_NAMES = ROUTES.map((x) => x.name);
export const ROUTE_BY_NAME: Record<string, RouteDef> = Object.fromEntries(ROUTES.map((x) => [x.name, x]));

/** Route name of a concrete path: "/turni/definizione/5" -> "turni.definizione". */
export function routeNameOf(path: string): string | undefined {
  const clean = path.replace(/\/+$/, '') || '/';
  for (const def of ROUTES) {
    const pattern = def.path
      .split('/')
      .map((seg) => (seg.startsWith(':') ? (seg.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+') : seg ? `/${seg}` : ''))
      .join('');
    if (new RegExp(`^${pattern}$`).test(clean)) return def.name;
  }
  return undefined;
}

export type MenuItem = {
  key: string;
  title: string; // translation key
  path?: string; // leaf only: the path to open (no parameters)
  /** A desktop item that opens a local program or document (kept only on a Windows desktop, SPEC §2). */
  open?: boolean;
  /** `open` items: the item's id, its label as the administrator wrote it (not a key), its target and arguments. */
  id?: number;
  label?: string;
  target?: string;
  args?: string[];
  children?: MenuItem[];
};

/** The menu tree limited to the given route names, keeping only ready screens and non-empty groups. */
/**
 * Who sees why someone is absent (sickness is health data, GDPR art. 9): a profile that decides or consults leave, beyond
 * its own. Reception and employees see "on leave" only. The server sends the leave type by this rule; screens show its
 * column by the same one.
 */
export function seesLeaveType(profile: { scope: string; routes: readonly string[] } | null | undefined): boolean {
  return !!profile && profile.scope !== 'proprio' && ['giustificativi.calendario', 'assenti.all', 'assenti.cdc'].some((r) => profile.routes.includes(r));
}

export function buildMenu(allowed: Iterable<string>, opts: { includeNotReady?: boolean } = {}): MenuItem[] {
  const set = new Set(allowed);
  const menu: MenuItem[] = [];
  for (const group of MENU_GROUPS) {
    const children = ROUTES.filter((d) => d.group === group && set.has(d.name) && (d.ready || opts.includeNotReady)).map(
      (d): MenuItem => ({
        key: d.name,
        title: d.title,
        path: d.path.replace(/\/:[^/]+\??/g, ''),
        ...(d.open ? { open: true } : {}),
      }),
    );
    if (children.length) menu.push({ key: `group.${group}`, title: `menu.gruppo.${group}`, children });
  }
  return menu;
}
