import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull, lte, or, gte, sql } from 'drizzle-orm';
import { aliasedTable } from 'drizzle-orm';
import { OPS_TURNI, RES_ASSEGNAZIONI_ORARIO, RES_FESTIVITA, RES_ORARI, RES_TURNI } from '@tulip/contract';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { routes } from '../../platform/operation';
import { codeLabel, defineResource } from '../../platform/resource';
import { dipendenti } from '../anagrafica';
import { dipendentiScope } from '../anagrafica';
import { assegnazioniOrario, festivita, orariSettimanali, turni } from './tables';
import { checkTurno, holidaysOfYear, previewDay } from './service';

export function turniRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;

  defineResource(app, db, {
    resource: RES_TURNI, table: turni, idColumn: turni.id,
    columns: {
      id: turni.id, codice: turni.codice, descrizione: turni.descrizione, colore: turni.colore, fasce: turni.fasce,
      minuti_teorici: turni.minuti_teorici, flessibilita: turni.flessibilita, tolleranza: turni.tolleranza,
      arrotondamento_entrata: turni.arrotondamento_entrata, arrotondamento_uscita: turni.arrotondamento_uscita,
      soglia_straordinario: turni.soglia_straordinario, blocco_straordinario: turni.blocco_straordinario,
      pausa_minima: turni.pausa_minima, pausa_retribuita: turni.pausa_retribuita, notturno: turni.notturno,
    },
    search: [turni.codice, turni.descrizione], defaultSort: 'codice',
    lookup: { value: turni.id, label: codeLabel(turni.codice, turni.descrizione) },
    model: () => ({
      codice: '', descrizione: '', colore: '#1677ff', fasce: [{ inizio: '08:30', fine: '12:30' }, { inizio: '13:30', fine: '17:30' }],
      minuti_teorici: null, flessibilita: 0, tolleranza: 0, arrotondamento_entrata: 0, arrotondamento_uscita: 0,
      soglia_straordinario: 0, blocco_straordinario: 0, pausa_minima: 0, pausa_retribuita: 0, notturno: { inizio: '22:00', fine: '06:00' },
    }),
    beforeWrite: async (_tx, input) => checkTurno(input),
    toValues: (t) => ({ ...t, minuti_teorici: t.minuti_teorici ?? null }),
  });

  defineResource(app, db, {
    resource: RES_ORARI, table: orariSettimanali, idColumn: orariSettimanali.id,
    columns: { id: orariSettimanali.id, codice: orariSettimanali.codice, descrizione: orariSettimanali.descrizione, giorni: orariSettimanali.giorni },
    search: [orariSettimanali.codice, orariSettimanali.descrizione], defaultSort: 'codice',
    lookup: { value: orariSettimanali.id, label: codeLabel(orariSettimanali.codice, orariSettimanali.descrizione) },
    model: () => ({ codice: '', descrizione: '', giorni: [null, null, null, null, null, null, null] }),
    beforeWrite: async (tx, input) => {
      const ids = input.giorni.filter((x): x is number => x != null);
      const found = ids.length ? await tx.select({ id: turni.id }).from(turni).where(inArray(turni.id, ids)) : [];
      if (found.length !== new Set(ids).size) throw badRequest({ giorni: 'avvisi.turno_sconosciuto' });
    },
  });

  const dipA = aliasedTable(dipendenti, 'dip_a');
  const orA = aliasedTable(orariSettimanali, 'or_a');
  defineResource(app, db, {
    resource: RES_ASSEGNAZIONI_ORARIO, table: assegnazioniOrario, idColumn: assegnazioniOrario.id,
    columns: {
      id: assegnazioniOrario.id, dipendente_id: assegnazioniOrario.dipendente_id, orario_id: assegnazioniOrario.orario_id,
      dal: assegnazioniOrario.dal, al: assegnazioniOrario.al,
      dipendente_nome: sql<string>`${dipA.cognome} || ' ' || ${dipA.nome}`.as('dipendente_nome'),
      orario_descrizione: orA.descrizione,
    },
    joins: (q) => q.innerJoin(dipA, eq(dipA.id, assegnazioniOrario.dipendente_id)).innerJoin(orA, eq(orA.id, assegnazioniOrario.orario_id)),
    search: [dipA.cognome, dipA.nome, orA.descrizione], filters: { dipendente_id: assegnazioniOrario.dipendente_id, orario_id: assegnazioniOrario.orario_id },
    defaultSort: '-dal',
    lookup: { value: assegnazioniOrario.id, label: orA.descrizione },
    scope: (user) => {
      const s = dipendentiScope(user);
      return s ? sql`${assegnazioniOrario.dipendente_id} in (select ${dipendenti.id} from ${dipendenti} where ${s})` : undefined;
    },
    model: () => ({ dipendente_id: null, orario_id: null, dal: null, al: null }),
    toValues: (v) => ({ ...v, al: v.al ?? null }),
    beforeWrite: async (tx, input, ctx) => {
      // one schedule at a time: periods of the same employee may not overlap
      const clash = await tx
        .select({ id: assegnazioniOrario.id })
        .from(assegnazioniOrario)
        .where(
          and(
            eq(assegnazioniOrario.dipendente_id, input.dipendente_id),
            input.al ? lte(assegnazioniOrario.dal, input.al) : undefined,
            or(isNull(assegnazioniOrario.al), gte(assegnazioniOrario.al, input.dal)),
            ctx.existing ? sql`${assegnazioniOrario.id} <> ${ctx.existing.id as number}` : undefined,
          ),
        )
        .limit(1);
      if (clash.length) throw new AppError(409, 'avvisi.periodo_sovrapposto');
    },
  });

  defineResource(app, db, {
    resource: RES_FESTIVITA, table: festivita, idColumn: festivita.id,
    columns: { id: festivita.id, data: festivita.data, descrizione: festivita.descrizione, tipo: festivita.tipo },
    search: [festivita.descrizione], defaultSort: 'data',
    lookup: { value: festivita.id, label: festivita.descrizione },
    model: () => ({ data: null, descrizione: '', tipo: 'chiusura' }),
  });

  routes(app, OPS_TURNI, {
    anteprima: async (req) => previewDay(req.body),
    festivitaAnno: async (req) => holidaysOfYear(db, req.params.anno),
  });
}
