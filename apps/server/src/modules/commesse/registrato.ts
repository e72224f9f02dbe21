/**
 * What the reports of job orders need from the bookings, which live in a higher module (rilevazione): the minutes
 * and labour cost recorded per phase and per week of an order, per person and week, per order. The reports that
 * show them (order report, planning grid, timeline) are served by that module, which passes its source in; this
 * module reads no booking itself (docs/ARCHITECTURE.md, "a report that combines two modules lives in the higher one").
 */
import type { TModoCostoOrario } from '@tulip/contract';
import type { Db } from '../../platform/db';

/** How a booked hour is costed: the mode, and the overhead coefficient in hundredths (145 for 1.45). */
export type CostoOrario = { modo: TModoCostoOrario; coefficiente: number };

export type Registrato = {
  /**
   * An order's recorded minutes and labour cost (cents) per phase (null: the order without a phase), and its recorded
   * minutes per week (its Monday). The cost follows the module's parameters (parametri.ts): in mode `retribuzione`,
   * `minuti_costo_mansione` are the minutes costed at the job role's cost for want of a contract in force.
   */
  perCommessaDettaglio(
    db: Db,
    commessaId: number,
    costo: CostoOrario,
  ): Promise<{
    fasi: { fase_id: number | null; minuti: number; costo: number }[];
    settimane: { settimana: string; minuti: number }[];
    minuti_costo_mansione: number;
  }>;
  /** Recorded minutes of some people per week (Monday) in [dal, al]. */
  perDipendente(db: Db, ids: number[], dal: string, al: string): Promise<{ dipendente_id: number; settimana: string; minuti: number }[]>;
  /** Recorded minutes of some orders. */
  perCommessa(db: Db, ids: number[]): Promise<Map<number, number>>;
};
