import { describe, expect, it } from 'vitest';
import type { TArticoloRow, TTipologiaRow } from '@tulip/contract';
import { avvisiRiga, finestraScadenze, righeBody, righeDaProposta, type Proposta } from './consegna';

const tipologia = (id: number, over: Partial<TTipologiaRow> = {}): TTipologiaRow => ({
  id, codice: `T${id}`, descrizione: `Tipo ${id}`, dpi: true, categoria: 'II', protezione: 'mani', norma: null, durata_mesi: 12, ispezione_mesi: null, vita_utile_mesi: null,
  taglie: false, tipo_taglia: null, restituibile: false, numero_serie: false, formazione: false, attivo: true, ...over,
});
const articolo = (id: number, tipologia_id: number, over: Partial<TArticoloRow> = {}): TArticoloRow => ({
  id, tipologia_id, tipologia_codice: `T${tipologia_id}`, tipologia_descrizione: `Tipo ${tipologia_id}`, dpi: true, categoria: 'II', taglie: false, numero_serie: false,
  marca: 'M', modello: `Mod ${id}`, fornitore: null, costo: null, marcatura_ce: true, organismo_notificato: null, nota_file_id: null, scorta_minima: null, attivo: true,
  giacenze: [], giacenza: 0, sotto_scorta: false, lotti: [], vita_utile_mesi: null, ...over,
});
const riga = (over: Partial<Proposta['righe'][number]>): Proposta['righe'][number] => ({
  tipologia_id: 1, tipologia_descrizione: 'Tipo 1', articolo_id: 10, articolo: 'M Mod 10', taglia: null, quantita: 1, sostituisce_riga_id: null, motivo: 'mancante',
  disponibile: 5, numero_serie: null, lotto: null, formazione_mancante: false, ...over,
});

describe('a proposal fills the delivery form', () => {
  it('keeps each line, its size and the item it replaces', () => {
    const p: Proposta = { causale: 'prima_consegna', righe: [riga({ taglia: '43', quantita: 2, sostituisce_riga_id: 7, motivo: 'in_scadenza', lotto: 'L7' })] };
    expect(righeDaProposta(p, [tipologia(1)])).toEqual([
      { tipologia_id: 1, articolo_id: 10, taglia: '43', quantita: 2, numero_serie: null, lotto: 'L7', sostituisce_riga_id: 7, motivo: 'in_scadenza' },
    ]);
  });

  it('splits a serial-numbered type into one unit per line, the proposed serial number on the first', () => {
    const p: Proposta = { causale: 'prima_consegna', righe: [riga({ quantita: 2, numero_serie: 'SN1' })] };
    const righe = righeDaProposta(p, [tipologia(1, { numero_serie: true })]);
    expect(righe.map((r) => [r.quantita, r.numero_serie])).toEqual([
      [1, 'SN1'],
      [1, null],
    ]);
  });

  it('leaves the article empty when no active article of the type exists', () => {
    const p: Proposta = { causale: 'prima_consegna', righe: [riga({ articolo_id: null, articolo: null })] };
    expect(righeDaProposta(p, [])[0].articolo_id).toBeUndefined();
  });
});

describe('what a line warns of', () => {
  const tipologie = [tipologia(1), tipologia(2, { categoria: 'III', protezione: 'anticaduta' }), tipologia(3, { protezione: 'udito' }), tipologia(4, { dpi: false, formazione: true })];
  const articoli = [
    articolo(10, 1, { taglie: true, giacenze: [{ taglia: '43', quantita: 1 }] }),
    articolo(20, 2, { giacenza: 3 }),
    articolo(30, 3, { giacenza: 3 }),
    articolo(40, 4, { giacenza: 3 }),
  ];
  const ctx = (formate: number[] = []) => ({ tipologie, articoli, formate: new Set(formate) });

  it('training missing for category III and hearing protection (D.Lgs 81/2008 art. 77 c. 5) and where the employer requires it', () => {
    expect(avvisiRiga({ articolo_id: 20, quantita: 1 }, ctx())).toEqual([{ tipo: 'formazione_mancante', tipologia_id: 2, tipologia: 'Tipo 2' }]);
    expect(avvisiRiga({ articolo_id: 30, quantita: 1 }, ctx())[0]).toMatchObject({ tipo: 'formazione_mancante', tipologia_id: 3 });
    expect(avvisiRiga({ articolo_id: 40, quantita: 1 }, ctx())[0]).toMatchObject({ tipo: 'formazione_mancante', tipologia_id: 4 });
    expect(avvisiRiga({ articolo_id: 20, quantita: 1 }, ctx([2]))).toEqual([]);
    // the employee's training not known yet: no warning
    expect(avvisiRiga({ articolo_id: 20, quantita: 1 }, { ...ctx(), formate: 'tutte' })).toEqual([]);
    // a type chosen before its article already says it
    expect(avvisiRiga({ tipologia_id: 2 }, ctx())[0]).toMatchObject({ tipo: 'formazione_mancante' });
  });

  it('fewer pieces of that size in stock than asked', () => {
    expect(avvisiRiga({ articolo_id: 10, taglia: '43', quantita: 2 }, ctx())).toEqual([{ tipo: 'giacenza', disponibili: 1 }]);
    expect(avvisiRiga({ articolo_id: 10, taglia: '44', quantita: 1 }, ctx())).toEqual([{ tipo: 'giacenza', disponibili: 0 }]);
    expect(avvisiRiga({ articolo_id: 10, taglia: '43', quantita: 1 }, ctx())).toEqual([]);
    // no size chosen yet: nothing to compare
    expect(avvisiRiga({ articolo_id: 10, quantita: 5 }, ctx())).toEqual([]);
  });
});

describe('the body of a delivery', () => {
  it('sends what the article takes: no size for a type without sizes, one unit per serial number, a lot only where there is no serial number', () => {
    const articoli = [articolo(10, 1, { taglie: true }), articolo(20, 2), articolo(30, 3, { numero_serie: true })];
    expect(
      righeBody(
        [
          { articolo_id: 10, taglia: ' 43 ', quantita: 2, sostituisce_riga_id: 5 },
          { articolo_id: 20, taglia: 'XL', quantita: 1, numero_serie: 'x', lotto: ' E-59 ' },
          { articolo_id: 30, quantita: 3, numero_serie: 'SN9', lotto: 'L1' },
          { tipologia_id: 4 },
        ],
        articoli,
      ),
    ).toEqual([
      { articolo_id: 10, taglia: '43', quantita: 2, numero_serie: null, lotto: null, sostituisce_riga_id: 5 },
      { articolo_id: 20, taglia: null, quantita: 1, numero_serie: null, lotto: 'E-59', sostituisce_riga_id: null },
      { articolo_id: 30, taglia: null, quantita: 1, numero_serie: 'SN9', lotto: null, sostituisce_riga_id: null },
    ]);
  });
});

describe('the items falling due are looked for from today to the end of the month', () => {
  it.each([
    ['2026-02-10', '2026-02-28'],
    ['2028-02-29', '2028-02-29'],
    ['2026-12-01', '2026-12-31'],
  ])('%s → %s', (oggi, al) => {
    expect(finestraScadenze(oggi)).toEqual({ dal: oggi, al });
  });
});
