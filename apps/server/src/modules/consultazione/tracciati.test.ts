import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { ZTracciato } from '@tulip/contract';
import { TRACCIATI_ESEMPIO, writeLayout } from './tracciati';

const ore = { azienda: '000001', dipendente: '000123', voce: 'ORD', data: '2026-10-05', minuti: 440 };
const rimborso = { azienda: '000001', dipendente: '000123', voce: 'ANTSPE', data: '2026-10-31', importo_centesimi: -1250 };

describe('payroll layouts: writing a record (issue #31 §4)', () => {
  it('writes the fixed-width example at its columns: zero-padded numbers, hundredths of an hour, a negative amount with its sign first', () => {
    const fisso = TRACCIATI_ESEMPIO[1];
    const text = writeLayout(fisso, [ore, rimborso]);
    expect(text).toBe(['000001' + '00000123' + '20261005' + 'ORD         ' + '000733' + '000000000', '000001' + '00000123' + '20261031' + 'ANTSPE      ' + '000000' + '-00001250', ''].join('\r\n'));
  });

  it('writes the CSV example with its header, hh,mm and a decimal comma, and quotes a value holding the separator', () => {
    const text = writeLayout({ ...TRACCIATI_ESEMPIO[0], campi: [...TRACCIATI_ESEMPIO[0].campi, { tipo: 'testo', intestazione: 'NOTA', valore: 'a;b "c"' }] }, [ore, rimborso]);
    expect(text.split('\r\n')).toEqual([
      'AZIENDA;DIPENDENTE;DATA;VOCE;ORE;IMPORTO;NOTA',
      '000001;000123;05/10/2026;ORD;7,20;;"a;b ""c"""',
      '000001;000123;31/10/2026;ANTSPE;;-12,50;"a;b ""c"""',
      '',
    ]);
    expect(Papa.parse<string[]>(text.trim(), { delimiter: ';' }).data[1][6]).toBe('a;b "c"');
  });

  it('refuses a value wider than its field rather than cutting it', () => {
    const stretto = { ...TRACCIATI_ESEMPIO[1], campi: TRACCIATI_ESEMPIO[1].campi.map((c) => (c.tipo === 'codice_voce' ? { ...c, lunghezza: 3 } : c)) };
    expect(() => writeLayout(stretto, [rimborso])).toThrow('avvisi.tracciato_valore_lungo');
  });

  it('accepts both examples as their schema, and refuses fields that share a column', () => {
    for (const t of TRACCIATI_ESEMPIO) expect(ZTracciato.safeParse(t).success).toBe(true);
    const campi = [{ tipo: 'codice_voce', inizio: 1, lunghezza: 4 }, { tipo: 'ore', formato: 'minuti', inizio: 4, lunghezza: 3 }];
    const r = ZTracciato.safeParse({ nome: 'x', tipo: 'fisso', campi });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['campi.1.inizio', 'avvisi.tracciato_campi_sovrapposti']]);
    expect(ZTracciato.safeParse({ nome: 'x', tipo: 'fisso', campi: [campi[0], { ...campi[1], inizio: 5 }] }).success).toBe(true);
  });
});
