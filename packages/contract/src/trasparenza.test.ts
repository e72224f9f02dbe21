import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { contratti } from './i18n/modules/contratti';
import {
  chiaveTrasparenza, ELEMENTI_TRASPARENZA, FONTI_TRASPARENZA, LETTERE_TRASPARENZA, RINVIABILI_AL_CCNL, verificaTrasparenza,
  type DatiTrasparenza, type ElementoTrasparenza,
} from './trasparenza';

// A hiring letter of a C3 operaio under the CCNL Metalmeccanici Industria, stating every item itself
const COMPLETA: DatiTrasparenza = {
  datore: { denominazione: 'Officine Tulip S.r.l.', codice_fiscale: '01234567890', sede: 'Via Roma 1, 24100 Bergamo' },
  lavoratore: { nome: 'Mario', cognome: 'Rossi', codice_fiscale: 'RSSMRA80A01H501U', residenza: 'Via Verdi 2, 24121 Bergamo' },
  luogo_lavoro: { sede: 'Stabilimento di Dalmine' },
  inquadramento: { livello: 'C3', qualifica: 'operaio', mansione: 'Saldatore' },
  contratto: { data_inizio: '2026-07-01', tipo_contratto: 'indeterminato' },
  periodo_prova: { giorni: 45 },
  formazione: 'Formazione sulla sicurezza (D.Lgs 81/2008 art. 37) e formazione continua secondo il CCNL',
  ferie: '4 settimane all’anno',
  congedi_retribuiti: '104 ore annue di permessi retribuiti (ROL)',
  preavviso: 'Per iscritto; 10 giorni di calendario per il livello C3',
  retribuzione: { voci: [{ voce: 'Minimo tabellare', importo: 221143 }, { voce: 'EDR', importo: 1033 }], periodicita: 'mensile', modalita_pagamento: 'bonifico bancario' },
  orario: { normale: '40 ore settimanali, dal lunedì al venerdì', straordinario: 'Maggiorazioni del CCNL, fino a 250 ore annue', turni: true, cambi_turno: 'Comunicati con 48 ore di anticipo' },
  ccnl: { codice: 'C011', titolo: 'CCNL Metalmeccanici Industria', parti_firmatarie: 'Federmeccanica, Assistal; FIM-CISL, FIOM-CGIL, UILM-UIL' },
  accordi_aziendali: [],
  enti: { inps: 'INPS, matricola 1234567890', inail: 'INAIL, PAT 12345678', fondo_pensione: 'Cometa' },
  sistemi_automatizzati: false,
};

const SISTEMI: NonNullable<DatiTrasparenza['sistemi']> = {
  aspetti: 'Assegnazione dei turni',
  scopi: 'Coprire la domanda di produzione',
  logica: 'Ottimizzazione su vincoli di orario e competenze',
  dati: 'Presenze, competenze, preferenze di turno',
  controlli: 'Ogni piano è approvato dal capo reparto; il responsabile qualità è l’ufficio personale',
  accuratezza: 'Verifica mensile degli scostamenti; accessi cifrati',
  referente: 'personale@tulip.example',
};

const con = (patch: Partial<DatiTrasparenza>, base: DatiTrasparenza = COMPLETA): DatiTrasparenza => ({ ...base, ...patch });
const senzaCcnl = (d: DatiTrasparenza) => con({ ccnl: { ...d.ccnl, codice: '', titolo: '' } }, d);
const inOrdine = (codes: ElementoTrasparenza[]) => ELEMENTI_TRASPARENZA.filter((e) => codes.includes(e));

describe('a complete letter passes (D.Lgs 152/1997 art. 1 c. 1 as replaced by D.Lgs 104/2022)', () => {
  it.each([
    ['every item of letters a)–r) stated', COMPLETA],
    ['the employer by P.IVA instead of codice fiscale (lett. a)', con({ datore: { ...COMPLETA.datore, codice_fiscale: null, partita_iva: '01234567890' } })],
    ['no fixed workplace, stated: several places (lett. b)', con({ luogo_lavoro: { non_fisso: 'luoghi_diversi' } })],
    ['no fixed workplace, stated: the worker chooses (lett. b)', con({ luogo_lavoro: { sede: '', non_fisso: 'libero' } })],
    ['no trial period, said explicitly (lett. h)', con({ periodo_prova: 'nessuno' })],
    ['a trial period in months (lett. h)', con({ periodo_prova: { mesi: 3 } })],
    ['the trial period as long as the CCNL says, with the CCNL stated (art. 1 c. 6)', con({ periodo_prova: 'ccnl' })],
    ['fixed-term of exactly 12 months without a reason (lett. f; D.Lgs 81/2015 art. 19 c. 1)', con({ contratto: { data_inizio: '2026-07-01', tipo_contratto: 'determinato', data_fine: '2027-06-30' } })],
    ['fixed-term of 18 months with its reason (D.Lgs 81/2015 art. 19 c. 1 and 4, D.L. 48/2023)', con({ contratto: { data_inizio: '2026-07-01', tipo_contratto: 'determinato', data_fine: '2027-12-31', causale: 'Sostituzione di lavoratrice in maternità' } })],
    ['part-time 50 % with its schedule (lett. f; D.Lgs 81/2015 art. 5 c. 2)', con({ contratto: { data_inizio: '2026-07-01', tipo_contratto: 'indeterminato', part_time: true, percentuale_part_time: 50, collocazione_part_time: 'lunedì dalle 08:00 alle 12:00' } })],
    ['no shifts: no shift-change rules to state (lett. o, "eventuali")', con({ orario: { normale: '40 ore', straordinario: 'Secondo il CCNL', turni: false } })],
    ['an unpredictable schedule states p) n. 1–3 instead of o) (lett. p)', con({ orario: { imprevedibile: true, variabilita: 'Minimo 20 ore garantite, le ulteriori al +25 %', ore_giorni_riferimento: 'Lun–sab 6–22', preavviso_minimo: '24 ore' } })],
    ['automated systems declared, with all of art. 1-bis c. 2 and c. 3', con({ sistemi_automatizzati: true, sistemi: SISTEMI })],
    ['blank company agreements and no pension fund: "if any" (lett. q, r)', con({ accordi_aziendali: null, enti: { inps: 'INPS', inail: 'INAIL' } })],
  ] as [string, DatiTrasparenza][])('%s', (_, d) => expect(verificaTrasparenza(d)).toEqual({ mancanti: [], rinvio_ccnl: [] }));
});

describe('each item missing alone is reported (D.Lgs 152/1997 art. 1 c. 1 letter by letter, art. 1-bis)', () => {
  const determinato = (c: Partial<NonNullable<DatiTrasparenza['contratto']>>) => ({ contratto: { data_inizio: '2026-07-01', tipo_contratto: 'determinato', data_fine: '2026-12-31', ...c } });
  const imprevedibile = { imprevedibile: true, variabilita: 'Minimo 20 ore', ore_giorni_riferimento: 'Lun–sab 6–22', preavviso_minimo: '24 ore' };
  const cases: [string, ElementoTrasparenza, Partial<DatiTrasparenza>][] = [
    ['lett. a): the employer’s name', 'datore_denominazione', { datore: { ...COMPLETA.datore, denominazione: ' ' } }],
    ['lett. a): the employer’s codice fiscale or P.IVA', 'datore_codice_fiscale', { datore: { ...COMPLETA.datore, codice_fiscale: '' } }],
    ['lett. a): the worker’s name (the surname alone is not enough)', 'lavoratore_nominativo', { lavoratore: { ...COMPLETA.lavoratore, nome: null } }],
    ['lett. a): the worker’s codice fiscale', 'lavoratore_codice_fiscale', { lavoratore: { ...COMPLETA.lavoratore, codice_fiscale: undefined } }],
    ['lett. a): the worker’s residence', 'lavoratore_residenza', { lavoratore: { ...COMPLETA.lavoratore, residenza: '' } }],
    ['lett. b): no workplace and no statement that there is no fixed one', 'luogo_lavoro', { luogo_lavoro: { sede: '', non_fisso: null } }],
    ['lett. c): the employer’s seat', 'sede_datore', { datore: { ...COMPLETA.datore, sede: null } }],
    ['lett. d): the level', 'livello', { inquadramento: { ...COMPLETA.inquadramento, livello: '' } }],
    ['lett. d): the qualifica', 'qualifica', { inquadramento: { ...COMPLETA.inquadramento, qualifica: null } }],
    ['lett. d): a qualifica that is none of c.c. art. 2095’s', 'qualifica', { inquadramento: { ...COMPLETA.inquadramento, qualifica: 'stagista' } }],
    ['lett. d): the mansione', 'mansione', { inquadramento: { ...COMPLETA.inquadramento, mansione: '' } }],
    ['lett. e): the start date', 'data_inizio', { contratto: { tipo_contratto: 'indeterminato' } }],
    ['lett. e): a start date that is no date', 'data_inizio', { contratto: { data_inizio: '2026-02-30', tipo_contratto: 'indeterminato' } }],
    ['lett. f): the contract type', 'tipo_contratto', { contratto: { data_inizio: '2026-07-01', tipo_contratto: '' } }],
    ['lett. f): fixed-term without its end date (D.Lgs 81/2015 art. 19 c. 4)', 'data_fine', determinato({ data_fine: null })],
    ['lett. f): fixed-term of 12 months and a day without a reason (D.Lgs 81/2015 art. 19 c. 1, D.L. 48/2023)', 'causale', determinato({ data_fine: '2027-07-01' })],
    ['lett. f): part-time without its percentage (D.Lgs 81/2015 art. 5 c. 2)', 'part_time', { contratto: { data_inizio: '2026-07-01', tipo_contratto: 'indeterminato', part_time: true, collocazione_part_time: 'lunedì dalle 08:00 alle 12:00' } }],
    ['D.Lgs 81/2015 art. 5 c. 2: part-time without when its hours are worked (else art. 10 c. 2: the judge sets them)', 'part_time_collocazione', { contratto: { data_inizio: '2026-07-01', tipo_contratto: 'indeterminato', part_time: true, percentuale_part_time: 50, collocazione_part_time: ' ' } }],
    ['lett. h): the trial period not said at all (c.c. art. 2096)', 'periodo_prova', { periodo_prova: null }],
    ['lett. h): a trial period of zero days', 'periodo_prova', { periodo_prova: { giorni: 0 } }],
    ['lett. i): training', 'formazione', { formazione: '' }],
    ['lett. l): paid holidays', 'ferie', { ferie: null }],
    ['lett. l): the other paid leave', 'congedi_retribuiti', { congedi_retribuiti: ' ' }],
    ['lett. m): notice', 'preavviso', { preavviso: undefined }],
    ['lett. n): the pay’s components', 'retribuzione_elementi', { retribuzione: { ...COMPLETA.retribuzione, voci: [] } }],
    ['lett. n): components that add up to nothing', 'retribuzione_elementi', { retribuzione: { ...COMPLETA.retribuzione, voci: [{ voce: 'Minimo tabellare', importo: 0 }] } }],
    ['lett. n): a component without its name', 'retribuzione_elementi', { retribuzione: { ...COMPLETA.retribuzione, voci: [{ voce: '', importo: 221143 }] } }],
    ['lett. n): the pay period', 'retribuzione_periodo', { retribuzione: { ...COMPLETA.retribuzione, periodicita: '' } }],
    ['lett. n): the method of payment', 'retribuzione_modalita', { retribuzione: { ...COMPLETA.retribuzione, modalita_pagamento: null } }],
    ['lett. o): the normal schedule', 'orario_normale', { orario: { ...COMPLETA.orario, normale: '' } }],
    ['lett. o): overtime', 'straordinario', { orario: { ...COMPLETA.orario, straordinario: '' } }],
    ['lett. o): shift changes, for a shift worker', 'cambi_turno', { orario: { ...COMPLETA.orario, cambi_turno: '' } }],
    ['lett. p) n. 1: variability and guaranteed hours', 'orario_variabilita', { orario: { ...imprevedibile, variabilita: '' } }],
    ['lett. p) n. 2: reference hours and days', 'orario_riferimento', { orario: { ...imprevedibile, ore_giorni_riferimento: null } }],
    ['lett. p) n. 3: minimum notice', 'orario_preavviso', { orario: { ...imprevedibile, preavviso_minimo: '' } }],
    ['lett. q): the CCNL (a code without its title is not stated)', 'ccnl', { ccnl: { ...COMPLETA.ccnl, titolo: '' } }],
    ['lett. q): who signed the CCNL', 'ccnl_parti', { ccnl: { ...COMPLETA.ccnl, parti_firmatarie: null } }],
    ['lett. r): INPS', 'ente_previdenziale', { enti: { ...COMPLETA.enti, inps: '' } }],
    ['lett. r): INAIL', 'ente_assicurativo', { enti: { ...COMPLETA.enti, inail: null } }],
    ['art. 1-bis c. 2 lett. a): the aspects the systems affect', 'sistemi_aspetti', { sistemi_automatizzati: true, sistemi: { ...SISTEMI, aspetti: '' } }],
    ['art. 1-bis c. 2 lett. b): their purposes', 'sistemi_scopi', { sistemi_automatizzati: true, sistemi: { ...SISTEMI, scopi: '' } }],
    ['art. 1-bis c. 2 lett. c): their logic', 'sistemi_logica', { sistemi_automatizzati: true, sistemi: { ...SISTEMI, logica: null } }],
    ['art. 1-bis c. 2 lett. d): the data and parameters', 'sistemi_dati', { sistemi_automatizzati: true, sistemi: { ...SISTEMI, dati: '' } }],
    ['art. 1-bis c. 2 lett. e): the controls', 'sistemi_controlli', { sistemi_automatizzati: true, sistemi: { ...SISTEMI, controlli: '' } }],
    ['art. 1-bis c. 2 lett. f): accuracy, robustness, cybersecurity', 'sistemi_accuratezza', { sistemi_automatizzati: true, sistemi: { ...SISTEMI, accuratezza: '' } }],
    ['art. 1-bis c. 3: whom the worker asks', 'sistemi_referente', { sistemi_automatizzati: true, sistemi: { ...SISTEMI, referente: '' } }],
  ];

  it.each(cases)('%s', (_, code, patch) => {
    const rinviabile = RINVIABILI_AL_CCNL.includes(code);
    // with the CCNL stated, the items the law lets it stand for are covered by it (art. 1 c. 6)...
    expect(verificaTrasparenza(con(patch))).toEqual(rinviabile ? { mancanti: [], rinvio_ccnl: [code] } : { mancanti: [code], rinvio_ccnl: [] });
    // ...and without it, they are missing like the rest
    expect(verificaTrasparenza(senzaCcnl(con(patch))).mancanti).toEqual(inOrdine([code, 'ccnl']));
  });

  it('the table covers every item', () => expect(inOrdine(cases.map((c) => c[1]))).toEqual([...ELEMENTI_TRASPARENZA]));
});

describe('the CCNL reference stands for exactly the items the law allows (D.Lgs 152/1997 art. 1 c. 6, D.L. 48/2023 art. 26)', () => {
  // a letter that states only what no reference can give, and refers to the CCNL for the rest
  const MINIMA = con({
    periodo_prova: 'ccnl', formazione: null, ferie: null, congedi_retribuiti: null, preavviso: null, retribuzione: null,
    orario: { turni: true }, enti: null,
  });

  it('with the CCNL stated, a letter referring to it for letters i), l), m), n), o), r) is complete', () =>
    expect(verificaTrasparenza(MINIMA)).toEqual({
      mancanti: [],
      rinvio_ccnl: ['formazione', 'ferie', 'congedi_retribuiti', 'preavviso', 'retribuzione_elementi', 'retribuzione_periodo', 'retribuzione_modalita', 'orario_normale', 'straordinario', 'cambi_turno', 'ente_previdenziale', 'ente_assicurativo'],
    }));

  it('letter p) too, for an unpredictable schedule', () =>
    expect(verificaTrasparenza(con({ orario: { imprevedibile: true } }, MINIMA)).rinvio_ccnl).toEqual(expect.arrayContaining(['orario_variabilita', 'orario_riferimento', 'orario_preavviso'])));

  it('without the CCNL, all of them are missing, with the CCNL itself (lett. q) and the trial period referred to it (lett. h)', () =>
    expect(verificaTrasparenza(senzaCcnl(MINIMA))).toEqual({
      mancanti: ['periodo_prova', 'formazione', 'ferie', 'congedi_retribuiti', 'preavviso', 'retribuzione_elementi', 'retribuzione_periodo', 'retribuzione_modalita', 'orario_normale', 'straordinario', 'cambi_turno', 'ccnl', 'ente_previdenziale', 'ente_assicurativo'],
      rinvio_ccnl: [],
    }));

  it('the items it covers are those of letters i), l), m), n), o), p), r): c. 6 lists h) too, but only for the length', () =>
    expect([...new Set(RINVIABILI_AL_CCNL.map((e) => FONTI_TRASPARENZA[e].lettera))]).toEqual(['i', 'l', 'm', 'n', 'o', 'p', 'r']));

  it.each([
    ['the trial period unsaid: the CCNL does not agree it for the parties (c.c. art. 2096; issue #18: refused until filled)', { periodo_prova: null }, ['periodo_prova']],
    ['the trial period "as the CCNL" without the CCNL stated: the reference points nowhere', { periodo_prova: 'ccnl', formazione: 'Sicurezza (D.Lgs 81/2008 art. 37)', ccnl: { parti_firmatarie: 'Federmeccanica; FIM, FIOM, UILM' } }, ['periodo_prova', 'ferie', 'congedi_retribuiti', 'preavviso', 'retribuzione_elementi', 'retribuzione_periodo', 'retribuzione_modalita', 'orario_normale', 'straordinario', 'cambi_turno', 'ccnl', 'ente_previdenziale', 'ente_assicurativo']],
    ['the parties (lett. a), the workplace (b), the level (d), the start (e): never by reference', { lavoratore: null, luogo_lavoro: null, inquadramento: null, contratto: null }, ['lavoratore_nominativo', 'lavoratore_codice_fiscale', 'lavoratore_residenza', 'luogo_lavoro', 'livello', 'qualifica', 'mansione', 'data_inizio', 'tipo_contratto']],
    ['the signatories (lett. q): the reference is the CCNL, not who signed it', { ccnl: { codice: 'C011', titolo: 'CCNL Metalmeccanici Industria' } }, ['ccnl_parti']],
    ['art. 1-bis is never covered by the CCNL', { sistemi_automatizzati: true }, ['sistemi_aspetti', 'sistemi_scopi', 'sistemi_logica', 'sistemi_dati', 'sistemi_controlli', 'sistemi_accuratezza', 'sistemi_referente']],
  ] as [string, Partial<DatiTrasparenza>, ElementoTrasparenza[]][])('%s', (_, patch, want) => expect(verificaTrasparenza(con(patch, MINIMA)).mancanti).toEqual(want));
});

describe('a fixed-term contract states its term (D.Lgs 152/1997 art. 1 c. 1 lett. f; D.Lgs 81/2015 art. 19)', () => {
  const contratto = (c: NonNullable<DatiTrasparenza['contratto']>) => verificaTrasparenza(con({ contratto: c })).mancanti;
  it.each([
    ['fixed-term without its end date', { data_inizio: '2026-07-01', tipo_contratto: 'determinato' }, ['data_fine']],
    ['fixed-term with an end date that is no date', { data_inizio: '2026-07-01', tipo_contratto: 'determinato', data_fine: '31/12/2026' }, ['data_fine']],
    ['fixed-term, part-time, without end date nor percentage nor schedule: all three', { data_inizio: '2026-07-01', tipo_contratto: 'determinato', part_time: true }, ['data_fine', 'part_time', 'part_time_collocazione']],
    ['fixed-term of 6 months: complete', { data_inizio: '2026-07-01', tipo_contratto: 'determinato', data_fine: '2026-12-31' }, []],
    ['fixed-term past 12 months with a blank reason (D.L. 48/2023)', { data_inizio: '2026-07-01', tipo_contratto: 'determinato', data_fine: '2027-12-31', causale: '  ' }, ['causale']],
    // the length is unknown without the start: the start is asked first, the reason once the length is known
    ['an end date without the start: the start is missing, not yet the reason', { tipo_contratto: 'determinato', data_fine: '2027-12-31' }, ['data_inizio']],
    // stated but wrong: verificaContratto's errors (fine_prima_inizio, determinato_oltre_24_mesi, data_fine_non_prevista), not missing items
    ['an end date before the start is an error of the row, not a missing item', { data_inizio: '2026-07-01', tipo_contratto: 'determinato', data_fine: '2026-06-30' }, []],
    ['30 months with a reason is an error of the row, not a missing item', { data_inizio: '2026-07-01', tipo_contratto: 'determinato', data_fine: '2028-12-31', causale: 'Esigenze tecniche' }, []],
    ['an open-ended contract needs no end date', { data_inizio: '2026-07-01', tipo_contratto: 'apprendistato' }, []],
  ] as [string, NonNullable<DatiTrasparenza['contratto']>, ElementoTrasparenza[]][])('%s', (_, c, want) => expect(contratto(c)).toEqual(want));
});

describe('art. 1-bis is required only when the company declares automated systems (D.Lgs 152/1997 art. 1 c. 1 lett. s)', () => {
  const TUTTI = ['sistemi_aspetti', 'sistemi_scopi', 'sistemi_logica', 'sistemi_dati', 'sistemi_controlli', 'sistemi_accuratezza', 'sistemi_referente'];
  it.each([
    ['no systems declared, no information: complete', { sistemi_automatizzati: false, sistemi: null }, []],
    ['the flag absent counts as no systems', { sistemi_automatizzati: undefined }, []],
    ['systems declared, no information: every item of art. 1-bis c. 2 and c. 3, in order', { sistemi_automatizzati: true, sistemi: null }, TUTTI],
    ['systems declared, blank information: the same', { sistemi_automatizzati: true, sistemi: { aspetti: ' ', scopi: '', logica: '', dati: '', controlli: '', accuratezza: '', referente: '' } }, TUTTI],
    ['systems declared with all the information: complete', { sistemi_automatizzati: true, sistemi: SISTEMI }, []],
    ['information given without the flag is not checked', { sistemi_automatizzati: false, sistemi: { aspetti: 'Turni' } }, []],
  ] as [string, Partial<DatiTrasparenza>, ElementoTrasparenza[]][])('%s', (_, patch, want) => expect(verificaTrasparenza(con(patch)).mancanti).toEqual(want));
});

describe('the output follows the order of the law’s letters (D.Lgs 152/1997 art. 1 c. 1 a)–s))', () => {
  it('the items are listed letter by letter, a) to s)', () => {
    const letters = ELEMENTI_TRASPARENZA.map((e) => LETTERE_TRASPARENZA.indexOf(FONTI_TRASPARENZA[e].lettera));
    expect(letters).toEqual([...letters].sort((a, b) => a - b));
    expect(new Set(ELEMENTI_TRASPARENZA.map((e) => FONTI_TRASPARENZA[e].lettera))).toEqual(new Set(LETTERE_TRASPARENZA.filter((l) => l !== 'g')));
  });

  it('an empty letter lacks everything that applies, in the law’s order', () =>
    expect(verificaTrasparenza({ sistemi_automatizzati: true })).toEqual({
      mancanti: [
        'datore_denominazione', 'datore_codice_fiscale', 'lavoratore_nominativo', 'lavoratore_codice_fiscale', 'lavoratore_residenza', // a)
        'luogo_lavoro', 'sede_datore', 'livello', 'qualifica', 'mansione', 'data_inizio', 'tipo_contratto', // b)–f)
        'periodo_prova', 'formazione', 'ferie', 'congedi_retribuiti', 'preavviso', // h)–m)
        'retribuzione_elementi', 'retribuzione_periodo', 'retribuzione_modalita', 'orario_normale', 'straordinario', // n), o)
        'ccnl', 'ccnl_parti', 'ente_previdenziale', 'ente_assicurativo', // q), r)
        'sistemi_aspetti', 'sistemi_scopi', 'sistemi_logica', 'sistemi_dati', 'sistemi_controlli', 'sistemi_accuratezza', 'sistemi_referente', // s)
      ],
      rinvio_ccnl: [],
    }));

  it('whatever is left out, the answer keeps the law’s order and the CCNL covers only what it may', () => {
    const campi = Object.keys(COMPLETA) as (keyof DatiTrasparenza)[];
    fc.assert(
      fc.property(fc.subarray(campi), fc.boolean(), (tolti, sistemi) => {
        const d: DatiTrasparenza = { ...COMPLETA, sistemi_automatizzati: sistemi };
        for (const k of tolti) delete d[k];
        const { mancanti, rinvio_ccnl } = verificaTrasparenza(d);
        expect(mancanti).toEqual(inOrdine(mancanti));
        expect(rinvio_ccnl).toEqual(inOrdine(rinvio_ccnl));
        expect(rinvio_ccnl.every((e) => RINVIABILI_AL_CCNL.includes(e))).toBe(true);
        expect(mancanti.some((e) => rinvio_ccnl.includes(e))).toBe(false);
        if (mancanti.includes('ccnl')) expect(rinvio_ccnl).toEqual([]);
      }),
    );
  });
});

describe('every item has its text in Italian and English (issue #18: the 400 and the checklist name them)', () => {
  it.each(ELEMENTI_TRASPARENZA.map((e) => [e]))('%s', (e) => {
    const [group, tag] = chiaveTrasparenza(e).split('.');
    expect(contratti.it[group]?.[tag]).toBeTruthy();
    expect(contratti.en[group]?.[tag]).toBeTruthy();
  });

  it('and no text without its item', () => {
    expect(Object.keys(contratti.it.trasparenza).sort()).toEqual([...ELEMENTI_TRASPARENZA].sort());
    expect(Object.keys(contratti.en.trasparenza).sort()).toEqual([...ELEMENTI_TRASPARENZA].sort());
  });
});
