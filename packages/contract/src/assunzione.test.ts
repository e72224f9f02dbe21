import { describe, expect, it } from 'vitest';
import {
  ELEMENTI_ESTERO, esteroOltreQuattroSettimane, FONTI_ESTERO, modificheArt1, provaMassima, testoClausoleElastiche, testoOrarioPartTime,
  verificaEstero, verificaOrarioPartTime, verificaProva, type DatiEstero, type OrarioPartTime,
} from './assunzione';
import { codiceFiscaleCheckChar, sessoDaCodiceFiscale } from './codiceFiscale';
import { contratti } from './i18n/modules/contratti';
import { verificaContratto } from './retribuzione';

const det = (dal: string, data_fine: string) => ({ dal, tipo_contratto: 'determinato', data_fine });

describe('the trial period: its maximum (D.Lgs 104/2022 art. 7; L. 203/2024 art. 13)', () => {
  it.each([
    ['art. 7 c. 1: at most six months on an open-ended contract, 182 calendar days from 1 December', { dal: '2026-12-01', tipo_contratto: 'indeterminato' }, 182],
    ['art. 7 c. 1: six months from 1 March are 184 calendar days', { dal: '2027-03-01', tipo_contratto: 'indeterminato' }, 184],
    ['art. 7 c. 1: the same six months for an apprenticeship (a contract at an indefinite term)', { dal: '2026-12-01', tipo_contratto: 'apprendistato' }, 182],
    ['L. 203/2024 art. 13: 6 months fixed term (182 days): one day per 15, 12 days', det('2026-12-01', '2027-05-31'), 12],
    ['L. 203/2024 art. 13: a 20-day fixed term: never under 2 days', det('2026-12-01', '2026-12-20'), 2],
    ['L. 203/2024 art. 13: up to 6 months the band stops at 15 (1 in 15 of 182 is 12, under it)', det('2026-06-01', '2026-11-30'), 12],
    ['L. 203/2024 art. 13: 9 months (273 days): 18 days, within the 30 of the band over 6 and up to 12 months', det('2026-12-01', '2027-08-31'), 18],
    ['L. 203/2024 art. 13: 12 months (365 days): 24 days, within the 30 of the band', det('2026-12-01', '2027-11-30'), 24],
    ['over 12 months (our reading): 1 in 15 still, under the six-month cap of art. 7 c. 1: 18 months are 546 days, 36 days', det('2026-12-01', '2028-05-31'), 36],
    ['a fixed term without its term: no maximum here (verificaContratto refuses it)', { dal: '2026-12-01', tipo_contratto: 'determinato', data_fine: null }, null],
  ])('%s', (_, riga, massimo) => {
    expect(provaMassima(riga)).toBe(massimo);
  });

  it.each([
    ['L. 203/2024 art. 13: 60 days on a 6-month fixed term are refused (max 12)', { ...det('2026-12-01', '2027-05-31'), periodo_prova_giorni: 60 }, 12],
    ['L. 203/2024 art. 13: 13 days on a 6-month fixed term are refused', { ...det('2026-12-01', '2027-05-31'), periodo_prova_giorni: 13 }, 12],
    ['D.Lgs 104/2022 art. 7 c. 1: 200 days on an open-ended contract are refused (max six months, 182 days)', { dal: '2026-12-01', tipo_contratto: 'indeterminato', periodo_prova_giorni: 200 }, 182],
  ])('%s', (_, riga, massimo) => {
    expect(verificaProva(riga)).toEqual({ campo: 'periodo_prova_giorni', errore: 'periodo_prova_oltre_massimo', params: { massimo } });
    // the contract row's checks include it
    expect(verificaContratto({ ...riga, qualifica: 'operaio' })).toEqual({ campo: 'periodo_prova_giorni', errore: 'periodo_prova_oltre_massimo', params: { massimo } });
  });

  it.each([
    ['L. 203/2024 art. 13: 12 days on a 6-month fixed term', { ...det('2026-12-01', '2027-05-31'), periodo_prova_giorni: 12 }],
    ['a shorter trial is more favourable to the worker: 1 day on a 6-month fixed term', { ...det('2026-12-01', '2027-05-31'), periodo_prova_giorni: 1 }],
    ['D.Lgs 104/2022 art. 7 c. 1: 182 days on an open-ended contract from 1 December', { dal: '2026-12-01', tipo_contratto: 'indeterminato', periodo_prova_giorni: 182 }],
    ['no trial in days: nothing to check', { dal: '2026-12-01', tipo_contratto: 'indeterminato', periodo_prova_giorni: null }],
  ])('accepts %s', (_, riga) => {
    expect(verificaProva(riga)).toBeNull();
  });
});

const orizzontale: OrarioPartTime = { giorni: [1, 2, 3, 4, 5].map((giorno) => ({ giorno, dalle: '08:00', alle: '12:00' })) };

describe('the part-time schedule (D.Lgs 81/2015 art. 5 c. 2, art. 6 c. 4–6)', () => {
  it.each([
    ['art. 5 c. 2: a horizontal schedule, Monday to Friday 8–12', 'orizzontale', orizzontale],
    ['art. 5 c. 2: a vertical schedule, two full days with a break, in the 1st and 3rd week, from January to June', 'verticale', {
      giorni: [{ giorno: 1, dalle: '08:00', alle: '12:00' }, { giorno: 1, dalle: '13:00', alle: '17:00' }, { giorno: 2, dalle: '08:00', alle: '12:00' }],
      settimane: [1, 3], mesi: [1, 2, 3, 4, 5, 6],
    }],
    ['art. 6 c. 5: elastic clauses with 2 working days’ notice and the extra pay', 'orizzontale', { ...orizzontale, elastiche: { condizioni: 'spostamento entro le 8–18', aumento_massimo: 25, preavviso_giorni: 2, maggiorazione: 15 } }],
  ])('accepts %s', (_, distribuzione, orario) => {
    expect(verificaOrarioPartTime(distribuzione, orario)).toBeNull();
  });

  it.each([
    ['art. 5 c. 2: no day at all', 'orizzontale', { giorni: [] }, 'orario_part_time_vuoto'],
    ['a stretch that ends before it starts', 'orizzontale', { giorni: [{ giorno: 1, dalle: '12:00', alle: '08:00' }] }, 'orario_part_time_fine_prima_inizio'],
    ['two overlapping stretches on Monday', 'verticale', { giorni: [{ giorno: 1, dalle: '08:00', alle: '12:00' }, { giorno: 1, dalle: '11:00', alle: '14:00' }] }, 'orario_part_time_sovrapposto'],
    ['a horizontal schedule in some months only (that is vertical or mixed)', 'orizzontale', { ...orizzontale, mesi: [1] }, 'orario_part_time_orizzontale'],
    ['art. 6 c. 5: elastic clauses with 1 day’s notice', 'orizzontale', { ...orizzontale, elastiche: { condizioni: 'x', preavviso_giorni: 1, maggiorazione: 15 } }, 'clausole_elastiche_preavviso'],
    ['art. 6 c. 6: an elastic increase of 30%', 'orizzontale', { ...orizzontale, elastiche: { condizioni: 'x', aumento_massimo: 30, preavviso_giorni: 2, maggiorazione: 15 } }, 'clausole_elastiche_aumento'],
    ['art. 6 c. 4: elastic clauses without their conditions', 'orizzontale', { ...orizzontale, elastiche: { condizioni: ' ', preavviso_giorni: 2, maggiorazione: 15 } }, 'clausole_elastiche_condizioni'],
  ])('refuses %s', (_, distribuzione, orario, errore) => {
    expect(verificaOrarioPartTime(distribuzione, orario as OrarioPartTime)).toEqual({ campo: 'orario_part_time', errore });
  });

  it('art. 5 c. 2: states the schedule in Italian, by day (Monday first), week and month', () => {
    expect(testoOrarioPartTime(orizzontale)).toBe(
      'lunedì dalle 08:00 alle 12:00; martedì dalle 08:00 alle 12:00; mercoledì dalle 08:00 alle 12:00; giovedì dalle 08:00 alle 12:00; venerdì dalle 08:00 alle 12:00 (totale 20 ore settimanali)',
    );
    expect(testoOrarioPartTime({
      giorni: [{ giorno: 6, dalle: '09:00', alle: '13:30' }, { giorno: 1, dalle: '14:00', alle: '18:00' }, { giorno: 1, dalle: '08:00', alle: '12:00' }], settimane: [3, 1], mesi: [2, 1], note: 'Ferie in agosto.',
    })).toBe('lunedì dalle 08:00 alle 12:00 e dalle 14:00 alle 18:00; sabato dalle 09:00 alle 13:30 (totale 12,50 ore settimanali), nelle settimane 1ª e 3ª di ogni mese, nei mesi di gennaio e febbraio. Ferie in agosto.');
  });

  it('art. 6 c. 4–6: the elastic clauses are stated when agreed, and said absent otherwise', () => {
    expect(testoClausoleElastiche({ condizioni: 'lo spostamento entro la fascia 8–18', aumento_massimo: 20, preavviso_giorni: 2, maggiorazione: 15 })).toBe(
      'Le parti pattuiscono clausole elastiche ai sensi dell’art. 6 c. 4–6 del D.Lgs 81/2015: lo spostamento entro la fascia 8–18. L’aumento della durata della prestazione non può superare il 20% delle ore concordate. Le variazioni sono comunicate con un preavviso di almeno 2 giorni lavorativi e le ore variate o aggiunte sono retribuite con una maggiorazione del 15%.',
    );
    expect(testoClausoleElastiche(null)).toBe('Non sono pattuite clausole elastiche.');
  });

  it('a part-time row with a wrong schedule is refused by the contract row’s checks', () => {
    expect(verificaContratto({ dal: '2026-12-01', qualifica: 'operaio', tipo_contratto: 'indeterminato', part_time: true, percentuale_part_time: 50, distribuzione_part_time: 'orizzontale', orario_part_time: { giorni: [] } }))
      .toEqual({ campo: 'orario_part_time', errore: 'orario_part_time_vuoto' });
  });
});

describe('the sex a codice fiscale records (D.M. 23/12/1976: the day of birth +40 for women)', () => {
  const cf = (s15: string) => s15 + codiceFiscaleCheckChar(s15);
  it.each([
    ['a man born on the 1st', cf('RSSMRA80A01H501'), 'M'],
    ['a man born on the 31st', cf('RSSMRA80A31H501'), 'M'],
    ['a woman born on the 1st: day 41', cf('BNCLRA96L41A944'), 'F'],
    ['a woman born on the 31st: day 71', cf('BNCLRA96L71A944'), 'F'],
    ['omocodia: day 4M is 40 + 1, a woman', cf('BNCLRA96L4MA944'), 'F'],
    ['omocodia: day LM is 01, a man', cf('RSSMRA80ALMH501'), 'M'],
    ['lower case is read too', cf('RSSMRA80A01H501').toLowerCase(), 'M'],
    ['day 35 is no day: unknown', cf('RSSMRA80A35H501'), null],
    ['not a codice fiscale', 'ABC', null],
    ['no codice fiscale', null, null],
  ])('%s', (_, value, sesso) => {
    expect(sessoDaCodiceFiscale(value)).toBe(sesso);
  });
});

const ESTERO: DatiEstero = { paese: 'Germania', dal: '2027-01-10', al: '2027-04-30', valuta: 'euro', prestazioni: 'alloggio a carico dell’azienda', rimpatrio: 'viaggio di rientro a carico dell’azienda' };

describe('work abroad for more than four weeks (D.Lgs 152/1997 art. 2)', () => {
  it('art. 2 c. 1: a notice stating country, length, currency, benefits and repatriation lacks nothing', () => {
    expect(verificaEstero(ESTERO)).toEqual({ mancanti: [] });
  });
  it.each([
    ['art. 2 c. 1 lett. a): the country', { paese: '' }, ['paese']],
    ['art. 2 c. 1 lett. a): the length (an end before the start)', { al: '2027-01-01' }, ['durata']],
    ['art. 2 c. 1 lett. b): the currency', { valuta: null }, ['valuta']],
    ['art. 2 c. 1 lett. c): the benefits, or "nessuna" said', { prestazioni: ' ' }, ['prestazioni']],
    ['art. 2 c. 1 lett. d): the repatriation', { rimpatrio: undefined }, ['rimpatrio']],
    ['art. 2 c. 2 (D.Lgs 136/2016): a posting states the host pay, allowances and the official website', { distacco: true }, ['distacco_retribuzione', 'distacco_indennita', 'distacco_sito']],
  ])('%s', (_, change, mancanti) => {
    expect(verificaEstero({ ...ESTERO, ...change }).mancanti).toEqual(mancanti);
  });
  it('art. 2 c. 1: "per un periodo superiore a quattro settimane consecutive": 28 days are not more, 29 are', () => {
    expect(esteroOltreQuattroSettimane('2027-01-01', '2027-01-28')).toBe(false);
    expect(esteroOltreQuattroSettimane('2027-01-01', '2027-01-29')).toBe(true);
  });
  it('every item has its source and its Italian and English text', () => {
    for (const e of ELEMENTI_ESTERO) {
      expect(FONTI_ESTERO[e]).toMatch(/^D\.Lgs 152\/1997 art\. 2/);
      expect(contratti.it.estero[e], e).toBeTruthy();
      expect(contratti.en.estero[e], e).toBeTruthy();
    }
  });
});

describe('a change of the conditions (D.Lgs 152/1997 art. 3)', () => {
  const riga = { ccnl_id: 1, livello: 'C2', qualifica: 'operaio', mansione_id: 3, sede_id: 1, tipo_contratto: 'indeterminato', data_fine: null, part_time: false, superminimo: 0 };
  it.each([
    ['art. 3: a promotion changes the level (art. 1 lett. d)', { livello: 'C3' }, ['livello']],
    ['art. 3: a move to another workplace (lett. b) and job (lett. d)', { sede_id: 2, mansione_id: 4 }, ['mansione', 'luogo_lavoro']],
    ['art. 3: a new part-time changes the hours (lett. o)', { part_time: true, percentuale_part_time: 50 }, ['orario']],
    ['art. 3: a new superminimo changes the pay (lett. n)', { superminimo: 5000 }, ['retribuzione']],
    ['art. 3: nothing of art. 1 changed (the same row again)', {}, []],
  ])('%s', (_, change, modifiche) => {
    expect(modificheArt1(riga, { ...riga, ...change })).toEqual(modifiche);
  });
  it('every changed item has its Italian and English name', () => {
    for (const m of modificheArt1({}, { ccnl_id: 1, livello: 'x', qualifica: 'x', mansione_id: 1, sede_id: 1, tipo_contratto: 'x', data_fine: 'x', part_time: true, superminimo: 1 })) {
      expect(contratti.it.modifica_art1[m], m).toBeTruthy();
      expect(contratti.en.modifica_art1[m], m).toBeTruthy();
    }
  });
});
