import { describe, expect, it } from 'vitest';
import {
  erroreCella, fuoriTolleranza, giorniSettimana, minutiCella, prossimaCella, righeCopiate, righeDa, righeDaSalvare, spostaSettimana, totaliGiorno,
} from './griglia';

const riga = (commessa_id: number, fase_id: number | null, minuti: number[], minimi = [0, 0, 0, 0, 0, 0, 0]) => ({
  commessa_id, commessa_codice: `C${commessa_id}`, commessa_descrizione: 'x', commessa_stato: 'aperta' as const, fase_id, fase_codice: fase_id ? `F${fase_id}` : null,
  fase_descrizione: null, minuti, minimi,
});

describe('the weekly grid', () => {
  it('reads h:mm and hours, an empty cell as none, anything else as wrong', () => {
    expect(minutiCella('7:30')).toBe(450);
    expect(minutiCella('7,5')).toBe(450);
    expect(minutiCella('8')).toBe(480);
    expect(minutiCella(' ')).toBe(0);
    expect(minutiCella('otto')).toBeNaN();
    expect(erroreCella('otto', 0)).toBe('rilevazione.cella_non_valida');
    expect(erroreCella('25', 0)).toBe('rilevazione.cella_oltre_giornata');
    // D.Lgs 66/2003 art. 7: 13 hours at most
    expect(erroreCella('13:01', 0)).toBe('rilevazione.cella_oltre_giornata');
    expect(erroreCella('13', 0)).toBeNull();
    expect(erroreCella('1', 90)).toBe('rilevazione.cella_sotto_minimo');
    expect(erroreCella('1:30', 90)).toBeNull();
  });

  it('edits a week as text and saves it as minutes, a day total leaving out a wrong cell', () => {
    const righe = righeDa({ righe: [riga(1, 2, [480, 0, 0, 0, 0, 0, 0]), riga(3, null, [30, 60, 0, 0, 0, 0, 0])] });
    expect(righe[0].testi).toEqual(['8:00', '', '', '', '', '', '']);
    righe[1].testi[1] = 'x';
    expect(totaliGiorno(righe)).toEqual([510, 0, 0, 0, 0, 0, 0]);
    righe[1].testi[1] = '1,25';
    expect(righeDaSalvare(righe)).toEqual([
      { commessa_id: 1, fase_id: 2, minuti: [480, 0, 0, 0, 0, 0, 0] },
      { commessa_id: 3, fase_id: null, minuti: [30, 75, 0, 0, 0, 0, 0] },
    ]);
  });

  it('marks a day only beyond the tolerance', () => {
    expect(fuoriTolleranza(480, 465, 15)).toBe(false);
    expect(fuoriTolleranza(480, 464, 15)).toBe(true);
    expect(fuoriTolleranza(0, 30, 15)).toBe(true);
  });

  it('copies the rows of last week it has not got, with no minutes', () => {
    const ora = righeDa({ righe: [riga(1, 2, [60, 0, 0, 0, 0, 0, 0])] });
    const copiate = righeCopiate({ righe: [riga(1, 2, [480, 0, 0, 0, 0, 0, 0]), riga(1, 3, [120, 0, 0, 0, 0, 0, 0], [120, 0, 0, 0, 0, 0, 0])] }, ora);
    expect(copiate).toHaveLength(1);
    expect(copiate[0]).toMatchObject({ commessa_id: 1, fase_id: 3, testi: ['', '', '', '', '', '', ''], minimi: [0, 0, 0, 0, 0, 0, 0] });
  });

  it('moves across the editable cells with the arrows, left and right going on to the next row', () => {
    // 3 rows; Sunday (6) and the whole second row are read-only
    const ed = (r: number, c: number) => r !== 1 && c !== 6;
    expect(prossimaCella(ed, 3, 0, 0, 'giu')).toEqual({ r: 2, c: 0 });
    expect(prossimaCella(ed, 3, 2, 0, 'giu')).toBeNull();
    expect(prossimaCella(ed, 3, 2, 3, 'su')).toEqual({ r: 0, c: 3 });
    expect(prossimaCella(ed, 3, 0, 5, 'destra')).toEqual({ r: 2, c: 0 });
    expect(prossimaCella(ed, 3, 2, 0, 'sinistra')).toEqual({ r: 0, c: 5 });
    expect(prossimaCella(ed, 3, 0, 0, 'sinistra')).toBeNull();
  });

  it('walks ISO weeks across a year', () => {
    expect(spostaSettimana('2026-W48', 1)).toBe('2026-W49');
    expect(spostaSettimana('2026-W01', -1)).toBe('2025-W52');
    expect(spostaSettimana('2026-W53', 1)).toBe('2027-W01');
    expect(giorniSettimana('2026-W48')).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
  });
});
