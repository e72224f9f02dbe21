import { describe, expect, it } from 'vitest';
import { avvisoTermine, catenaTempoDeterminato, durata, erroreNuovaRiga, quotaDeterminato, type RigaCatena } from './tempoDeterminato';

const det = (dal: string, data_fine: string, more: Partial<RigaCatena> = {}): RigaCatena => ({
  dal, data_fine, tipo_contratto: 'determinato', livello: 'C1', qualifica: 'operaio', mansione_id: 7, ...more,
});
const errori = (righe: RigaCatena[]) => catenaTempoDeterminato(righe).voci.map((v) => v.errore && [v.errore.campo, v.errore.errore]);

describe('durations: calendar months from the start, then days (summed at 30 days a month)', () => {
  it.each([
    ['a calendar year', '2025-01-01', '2025-12-31', { mesi: 12, giorni: 0 }],
    ['a month and a day', '2025-01-15', '2025-02-15', { mesi: 1, giorni: 1 }],
    ['one day', '2025-03-10', '2025-03-10', { mesi: 0, giorni: 1 }],
    ['six months from the 3rd', '2026-02-23', '2026-08-22', { mesi: 6, giorni: 0 }],
    ['24 months', '2025-02-03', '2027-02-02', { mesi: 24, giorni: 0 }],
    ['from the 31st through February', '2025-01-31', '2025-02-27', { mesi: 1, giorni: 0 }],
  ] as const)('%s', (_, dal, al, want) => expect(durata(dal, al)).toEqual(want));
});

describe('D.Lgs 81/2015 art. 21 c. 1 and c. 01: extension or renewal', () => {
  it('a row starting the day after the term is an extension (proroga); a later one a renewal (rinnovo); one before the term a change', () => {
    const c = catenaTempoDeterminato([
      det('2025-01-01', '2025-03-31'),
      det('2025-04-01', '2025-05-31'),
      det('2025-05-01', '2025-05-31', { mansione_id: 8 }),
      det('2025-07-01', '2025-08-31'),
    ]);
    expect(c.voci.map((v) => v.tipo)).toEqual(['contratto', 'proroga', 'variazione', 'rinnovo']);
    // the change cuts the extension's row the day before it starts
    expect(c.voci[1].al).toBe('2025-04-30');
    expect(c.voci.map((v) => v.errore)).toEqual([null, null, null, null]);
  });

  it('a row moving the term later before it comes is an extension too', () => {
    expect(catenaTempoDeterminato([det('2025-01-01', '2025-03-31'), det('2025-03-01', '2025-06-30')]).voci.map((v) => v.tipo)).toEqual(['contratto', 'proroga']);
  });

  it('open-ended and apprenticeship rows are not part of the chain', () => {
    const c = catenaTempoDeterminato([{ dal: '2020-01-01', tipo_contratto: 'indeterminato', livello: 'C1', qualifica: 'operaio' }]);
    expect(c.voci).toEqual([]);
    expect(c).toMatchObject({ in_corso: false, proroga_possibile: false, residuo: { mesi: 24, giorni: 0 }, proroghe_residue: 4 });
  });
});

describe('D.Lgs 81/2015 art. 19 c. 2: at most 24 months across the chain, same level and category', () => {
  it('12 + 6 + 7 months across a contract, a renewal and an extension go beyond: the extension is refused naming data_fine', () => {
    const righe = [det('2025-01-01', '2025-12-31'), det('2026-01-21', '2026-07-20', { causale: 'Punta di attività' }), det('2026-07-21', '2027-02-20', { causale: 'Punta di attività' })];
    const c = catenaTempoDeterminato(righe);
    expect(c.voci[2].errore).toEqual({ campo: 'data_fine', errore: 'determinato_catena_oltre_24_mesi', params: { campo: 'data_fine', mesi_totali: 25, giorni_totali: 0, massimo: 24 } });
  });

  it('exactly 24 months is allowed, and nothing is left', () => {
    const c = catenaTempoDeterminato([det('2025-01-01', '2025-12-31'), det('2026-01-01', '2026-12-31', { causale: 'Punta di attività' })]);
    expect(c.voci.map((v) => v.errore)).toEqual([null, null]);
    expect(c).toMatchObject({ totale: { mesi: 24, giorni: 0 }, residuo: { mesi: 0, giorni: 0 }, proroga_possibile: false });
  });

  it('a contract at another level or category starts its own count ("mansioni di pari livello e categoria legale")', () => {
    const c = catenaTempoDeterminato([det('2025-01-01', '2025-12-31'), det('2026-01-21', '2027-01-20', { livello: 'C3', causale: 'Avvio nuova linea' })]);
    expect(c.voci[1]).toMatchObject({ tipo: 'rinnovo', totale: { mesi: 12, giorni: 0 }, errore: null });
  });
});

describe('D.Lgs 81/2015 art. 19 c. 1 and art. 21 c. 01 (D.L. 48/2023): beyond 12 months in total every renewal and extension has a reason', () => {
  it.each([
    ['a 2-month extension that takes the total to 13 months, without a reason: refused', [det('2025-01-01', '2025-10-31'), det('2025-11-01', '2026-01-31')], [null, ['causale', 'determinato_catena_senza_causale']]],
    ['the same with its reason: allowed', [det('2025-01-01', '2025-10-31'), det('2025-11-01', '2026-01-31', { causale: 'Commessa straordinaria' })], [null, null]],
    ['a one-month renewal after 12 months: refused without a reason', [det('2025-01-01', '2025-12-31'), det('2026-01-21', '2026-02-20')], [null, ['causale', 'determinato_catena_senza_causale']]],
    ['within 12 months in total: free', [det('2025-01-01', '2025-06-30'), det('2025-07-01', '2025-12-31')], [null, null]],
  ] as const)('%s', (_, righe, want) => expect(errori([...righe])).toEqual(want));

  it('names the total in the error', () => {
    const [, second] = catenaTempoDeterminato([det('2025-01-01', '2025-10-31'), det('2025-11-01', '2026-01-31')]).voci;
    expect(second.errore?.params).toEqual({ campo: 'causale', mesi_totali: 13, giorni_totali: 0, massimo: 12 });
  });
});

describe('D.Lgs 81/2015 art. 21 c. 1: at most 4 extensions, whatever the number of contracts', () => {
  it('the 5th extension is refused (the contract would become open-ended)', () => {
    const righe = [
      det('2025-01-01', '2025-01-31'), det('2025-02-01', '2025-02-28'), det('2025-03-01', '2025-03-31'), det('2025-04-01', '2025-04-30'), det('2025-05-01', '2025-05-31'),
      det('2025-06-01', '2025-06-30'),
    ];
    const c = catenaTempoDeterminato(righe);
    expect(c.voci.map((v) => v.proroghe)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(c.voci[4].errore).toBeNull();
    expect(c.voci[5].errore).toEqual({ campo: 'tipo_contratto', errore: 'determinato_troppe_proroghe', params: { campo: 'tipo_contratto', proroghe: 5, massimo: 4 } });
  });

  it('after four extensions none is left', () => {
    const c = catenaTempoDeterminato([det('2025-01-01', '2025-01-31'), det('2025-02-01', '2025-02-28'), det('2025-03-01', '2025-03-31'), det('2025-04-01', '2025-04-30'), det('2025-05-01', '2025-05-31')]);
    expect(c).toMatchObject({ proroghe_usate: 4, proroghe_residue: 0, proroga_possibile: false });
  });
});

describe('D.Lgs 81/2015 art. 21 c. 2 ("stop and go"): 10 days after a contract of up to 6 months, 20 after a longer one', () => {
  it.each([
    ['6 months, renewed on the 10th day: refused, first day the 11th', '2025-06-30', '2025-07-10', { data: '2025-07-11', giorni: 10 }],
    ['6 months, renewed on the 11th day: allowed', '2025-06-30', '2025-07-11', null],
    ['7 months, renewed on the 20th day: refused, first day the 21st', '2025-07-31', '2025-08-20', { data: '2025-08-21', giorni: 20 }],
    ['7 months, renewed on the 21st day: allowed', '2025-07-31', '2025-08-21', null],
  ] as const)('%s', (_, fine, rinnovo, want) => {
    const c = catenaTempoDeterminato([det('2025-01-01', fine), det(rinnovo, '2025-12-31')]);
    expect(c.voci[1].tipo).toBe('rinnovo');
    if (!want) expect(c.voci[1].errore).toBeNull();
    else expect(c.voci[1].errore).toEqual({ campo: 'dal', errore: 'determinato_intervallo_rinnovo', params: { campo: 'dal', ...want, fine_precedente: fine } });
  });

  it('the contract\'s duration includes its extensions (4 + 3 months: 20 days)', () => {
    const c = catenaTempoDeterminato([det('2025-01-01', '2025-04-30'), det('2025-05-01', '2025-07-31'), det('2025-08-15', '2025-09-30')]);
    expect(c.voci[2].errore?.params).toMatchObject({ data: '2025-08-21', giorni: 20 });
  });
});

describe('D.Lgs 104/2022 art. 7 c. 2, L. 203/2024 art. 13: no new trial period on a renewal or extension for the same duties', () => {
  it.each([
    ['an extension with a trial, same mansione: refused', det('2025-04-01', '2025-06-30', { periodo_prova_giorni: 10 }), ['periodo_prova_giorni', 'determinato_prova_ripetuta']],
    ['a renewal with the CCNL trial, same mansione: refused', det('2025-05-01', '2025-06-30', { periodo_prova: 'ccnl' }), ['periodo_prova_giorni', 'determinato_prova_ripetuta']],
    ['a renewal with a trial for other duties: allowed', det('2025-05-01', '2025-06-30', { periodo_prova_giorni: 10, mansione_id: 9 }), null],
    ['a renewal without trial: allowed', det('2025-05-01', '2025-06-30', { periodo_prova: 'nessuno' }), null],
  ] as const)('%s', (_, riga, want) => expect(errori([det('2025-01-01', '2025-03-31', { periodo_prova_giorni: 10 }), riga])[1]).toEqual(want));
});

describe('the summary: what is still possible', () => {
  // the demo's chain: 12 months, a renewal with its reason, an extension ending within 30 days of 28/11/2026
  const demo = [
    det('2025-02-03', '2026-02-02'),
    det('2026-02-23', '2026-08-31', { causale: 'Punte di attività legate a commesse' }),
    det('2026-09-01', '2026-12-20', { causale: 'Punte di attività legate a commesse' }),
  ];
  it('running totals, extensions used and left, months left, the first renewal date', () => {
    const c = catenaTempoDeterminato(demo);
    expect(c.voci.map((v) => [v.tipo, v.durata, v.totale])).toEqual([
      ['contratto', { mesi: 12, giorni: 0 }, { mesi: 12, giorni: 0 }],
      ['rinnovo', { mesi: 6, giorni: 9 }, { mesi: 18, giorni: 9 }],
      ['proroga', { mesi: 3, giorni: 20 }, { mesi: 21, giorni: 29 }],
    ]);
    expect(c).toMatchObject({
      livello: 'C1', qualifica: 'operaio', totale: { mesi: 21, giorni: 29 }, proroghe_usate: 1, proroghe_residue: 3, residuo: { mesi: 2, giorni: 1 },
      residuo_senza_causale: { mesi: 0, giorni: 0 }, in_corso: true, termine: '2026-12-20', proroga_possibile: true,
      // the contract from the renewal lasted more than 6 months: 20 days
      rinnovo_dal: '2027-01-10',
    });
  });

  it('HR is warned 30 days before the term, with whether it may still be extended', () => {
    const c = catenaTempoDeterminato(demo);
    expect(avvisoTermine(c, '2026-11-28')).toEqual({ data_fine: '2026-12-20', giorni_mancanti: 22, proroga_possibile: true });
    expect(avvisoTermine(c, '2026-11-20')).toEqual({ data_fine: '2026-12-20', giorni_mancanti: 30, proroga_possibile: true });
    expect(avvisoTermine(c, '2026-11-19')).toBeNull();
    expect(avvisoTermine(c, '2026-12-21')).toBeNull();
    // a later open-ended row: the term is not running any more
    expect(avvisoTermine(catenaTempoDeterminato([...demo, { dal: '2026-12-01', tipo_contratto: 'indeterminato', livello: 'C1', qualifica: 'operaio' }]), '2026-11-28')).toBeNull();
  });
});

describe('a new row is charged only with what it breaks', () => {
  it('a chain already over the limit when stored does not refuse an unrelated row', () => {
    const stored = [det('2025-01-01', '2025-12-31', { id: 1 }), det('2026-01-21', '2027-02-20', { id: 2, causale: 'x' })];
    expect(catenaTempoDeterminato(stored).voci[1].errore?.errore).toBe('determinato_catena_oltre_24_mesi');
    expect(erroreNuovaRiga(stored, [...stored, det('2027-06-01', '2027-08-31', { livello: 'B1' })], 2)).toBeNull();
  });

  it('a row inserted before a stored one is refused for what it causes there (the later contract passes 24 months)', () => {
    const stored = [det('2025-01-01', '2025-06-30', { id: 1 }), det('2026-01-01', '2027-01-31', { id: 2, causale: 'x' })];
    const dopo = [stored[0], stored[1], det('2025-07-11', '2025-12-20')];
    expect(catenaTempoDeterminato(dopo).voci.find((v) => v.indice === 2)?.errore).toBeNull();
    expect(erroreNuovaRiga(stored, dopo, 2)).toMatchObject({ campo: 'data_fine', errore: 'determinato_catena_oltre_24_mesi', params: { mesi_totali: 24, giorni_totali: 10 } });
  });
});

describe('D.Lgs 81/2015 art. 23 c. 1: fixed-term staff at most 20 % of the open-ended staff on 1 January', () => {
  it.each([
    ['50 open-ended: 10 allowed, 10 within', { indeterminati: 50, determinati: 10 }, { limite: 10, superata: false, percentuale: 20 }],
    ['50 open-ended: 11 exceed', { indeterminati: 50, determinati: 11 }, { limite: 10, superata: true, percentuale: 22 }],
    ['13 open-ended: 2.6 rounds up to 3', { indeterminati: 13, determinati: 3 }, { limite: 3, superata: false }],
    ['12 open-ended: 2.4 rounds down to 2', { indeterminati: 12, determinati: 3 }, { limite: 2, superata: true }],
    ['up to 5 employees: one is always allowed', { indeterminati: 2, determinati: 1 }, { limite: 1, superata: false }],
    ['no open-ended staff and 6 employees: none', { indeterminati: 0, determinati: 1, occupati: 6 }, { limite: 0, superata: true, percentuale: null }],
  ] as const)('%s', (_, q, want) => expect(quotaDeterminato(q)).toMatchObject(want));
});
