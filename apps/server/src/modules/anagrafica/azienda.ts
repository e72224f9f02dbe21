/**
 * Dati azienda (/azienda, issue #13): who the employer is (name, VAT number, tax code, registered office, INPS and
 * INAIL positions, the collective agreement, the logo) and its workplaces. Every printout's header reads
 * `companyData`; the hiring letters and the trips of later modules read the workplaces.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { OPS_ANAGRAFICA, RES_SEDI, type TAzienda } from '@tulip/contract';
import { route } from '../../platform/operation';
import type { AppDeps } from '../../platform/deps';
import type { Db } from '../../platform/db';
import { audit } from '../../platform/audit';
import { impostazioni } from '../../platform/db/tables';
import { AppError, notFound } from '../../platform/errors';
import { FILE_KINDS, readFile, sendFile } from '../../platform/files';
import { assertImageFits, imageDimensions, LIMITI_DISEGNO } from '../../platform/intake';
import { currentUser, type CurrentUser } from '../../platform/guard';
import { defineResource } from '../../platform/resource';
import { sedi } from './tables';

const KEY = 'azienda';
/** Before the company's page existed only its name was kept, under this key. */
const LEGACY_NAME_KEY = 'ragione_sociale';

export type Azienda = TAzienda & { ragione_sociale: string };

export async function companyData(db: Db): Promise<Azienda> {
  const rows = await db.select().from(impostazioni).where(sql`${impostazioni.chiave} in (${KEY}, ${LEGACY_NAME_KEY})`);
  const full = rows.find((r) => r.chiave === KEY);
  if (full) return JSON.parse(full.valore) as Azienda;
  return { ragione_sociale: rows.find((r) => r.chiave === LEGACY_NAME_KEY)?.valore ?? 'Tulip' };
}

/** The logo's bytes and type, when one is set: for the printouts (given the company data already read, if any). */
export async function companyLogo(db: Db, azienda?: Azienda) {
  const { logo_file_id } = azienda ?? (await companyData(db));
  return logo_file_id ? readFile(db, logo_file_id) : undefined;
}

export async function saveCompany(db: Db, user: CurrentUser, input: TAzienda): Promise<Azienda> {
  if (input.logo_file_id) {
    const f = await readFile(db, input.logo_file_id);
    if (!f || !(FILE_KINDS.immagine as readonly string[]).includes(f.tipo)) throw new AppError(400, 'avvisi.validation', { fields: { logo_file_id: 'avvisi.logo_non_immagine' } });
    // every printout draws it: within the drawing limits, read from its header
    assertImageFits(imageDimensions(f.contenuto, 'logo_file_id'), LIMITI_DISEGNO, 'logo_file_id');
  }
  const before = await companyData(db);
  const valore = JSON.stringify(input);
  await db.transaction(async (tx) => {
    await tx.insert(impostazioni).values({ chiave: KEY, valore }).onConflictDoUpdate({ target: impostazioni.chiave, set: { valore } });
    await audit(tx as never, user, { entita: 'azienda', azione: 'update', prima: before, dopo: input });
  });
  return companyData(db);
}

export function aziendaRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  route(app, OPS_ANAGRAFICA.azienda, async () => companyData(db));
  route(app, OPS_ANAGRAFICA.salvaAzienda, async (req) => ({ message: 'avvisi.updated', data: await saveCompany(db, currentUser(req), req.body) }));
  // the logo is shown to anyone signed in (the page header), never the other files
  route(app, OPS_ANAGRAFICA.logo, async (_req, reply) => {
    const logo = await companyLogo(db);
    if (!logo) throw notFound();
    return sendFile(reply, logo, 'inline');
  });

  defineResource(app, db, {
    resource: RES_SEDI, table: sedi, idColumn: sedi.id,
    columns: { id: sedi.id, descrizione: sedi.descrizione, indirizzo: sedi.indirizzo, cap: sedi.cap, comune: sedi.comune, provincia: sedi.provincia, attiva: sedi.attiva },
    search: [sedi.descrizione, sedi.comune], defaultSort: 'descrizione',
    lookup: { value: sedi.id, label: sql<string>`${sedi.descrizione} || ' - ' || ${sedi.comune}` },
    model: () => ({ descrizione: '', indirizzo: null, cap: null, comune: '', provincia: null, attiva: true }),
    toValues: (v) => ({ ...v, indirizzo: v.indirizzo ?? null, cap: v.cap ?? null, provincia: v.provincia ?? null }),
  });
}

