import { describe, expect, it } from 'vitest';
import { ZDipendente, ZLingua, ZReparto } from '@tulip/contract';
import { toBody, toFormValues, type FieldShape } from './resourceForm';
import { issuesToFields } from './zodForm';

const fields: FieldShape[] = [
  { name: 'matricola', required: true },
  { name: 'cognome', required: true },
  { name: 'nome', required: true },
  { name: 'codice_fiscale', required: true },
  { name: 'email' },
  { name: 'reparto_id', type: 'select' },
  { name: 'data_assunzione', type: 'date', required: true },
  { name: 'data_cessazione', type: 'date' },
  { name: 'pin', type: 'password', writeOnly: true },
];

describe('form boundary', () => {
  it('turns wire dates into dayjs and back (YYYY-MM-DD <-> DD/MM/YYYY in the picker)', () => {
    const v = toFormValues(fields, { data_assunzione: '2024-02-29', data_cessazione: null, pin: 'x', reparto_id: null });
    expect((v.data_assunzione as { format(f: string): string }).format('DD/MM/YYYY')).toBe('29/02/2024');
    expect(v.data_cessazione).toBeNull();
    expect(v.pin).toBe(''); // write-only: never filled
    expect(v.reparto_id).toBeUndefined();
    const body = toBody(fields, { ...v, matricola: '1', cognome: 'Rossi', nome: 'Mario', codice_fiscale: 'rssmra80a01h501u' });
    expect(body.data_assunzione).toBe('2024-02-29');
    expect(body.data_cessazione).toBeNull();
    expect(body.email).toBeNull();
    expect(body.reparto_id).toBeNull();
    expect('pin' in body).toBe(false); // empty write-only field keeps the stored value
    const parsed = ZDipendente.safeParse(body);
    expect(parsed.success).toBe(true);
  });

  it('sends a new PIN when typed', () => {
    const body = toBody(fields, { pin: '1234' });
    expect(body.pin).toBe('1234');
  });

  it('maps Y/N flags to switches and back', () => {
    const yn: FieldShape[] = [
      { name: 'cod_lingua', required: true },
      { name: 'descrizione', required: true },
      { name: 'se_default', type: 'yn' },
      { name: 'se_attiva', type: 'yn' },
    ];
    const v = toFormValues(yn, { cod_lingua: 'it', descrizione: 'Italiano', se_default: 'Y', se_attiva: 'N' });
    expect(v.se_default).toBe(true);
    expect(v.se_attiva).toBe(false);
    const body = toBody(yn, v);
    expect(body).toEqual({ cod_lingua: 'it', descrizione: 'Italiano', se_default: 'Y', se_attiva: 'N' });
    expect(ZLingua.safeParse(body).success).toBe(true);
  });

  it('keeps multi-select arrays', () => {
    const f: FieldShape[] = [
      { name: 'codice', required: true },
      { name: 'descrizione', required: true },
      { name: 'responsabili', type: 'multiselect' },
    ];
    expect(toFormValues(f, {}).responsabili).toEqual([]);
    expect(toBody(f, { codice: 'R1', descrizione: 'Reparto', responsabili: [3, 4] }).responsabili).toEqual([3, 4]);
  });

  it('carries child rows with their ids, each converted by its own fields (an order and its phases)', () => {
    const f: FieldShape[] = [
      { name: 'codice', required: true },
      { name: 'fasi', type: 'rows', rows: { fields: [{ name: 'codice', required: true }, { name: 'fine', type: 'date' }, { name: 'quantita', type: 'switch' }] } },
    ];
    const record = { codice: 'C-1', fasi: [{ id: 7, codice: 'PROG', fine: '2026-12-31', quantita: true }, { id: 9, codice: 'MONT', fine: null, quantita: false }] };
    const values = toFormValues(f, record);
    const fasi = values.fasi as Record<string, unknown>[];
    expect(fasi.map((x) => x.id)).toEqual([7, 9]);
    expect((fasi[0].fine as { format: (s: string) => string }).format('DD/MM/YYYY')).toBe('31/12/2026');
    // a line added in the form has no id: the server adds it; the others keep theirs, so the server updates them
    const body = toBody(f, { ...values, fasi: [...fasi, { codice: 'COLL', fine: null, quantita: undefined }] });
    expect(body.fasi).toEqual([
      { id: 7, codice: 'PROG', fine: '2026-12-31', quantita: true },
      { id: 9, codice: 'MONT', fine: null, quantita: false },
      { codice: 'COLL', fine: null, quantita: false },
    ]);
    // a line's empty number or choice is left out, for the schema's default (the phase's place in the list)
    const ordine: FieldShape[] = [{ name: 'fasi', type: 'rows', rows: { fields: [{ name: 'codice' }, { name: 'ordine', type: 'number' }, { name: 'stato', type: 'select' }] } }];
    expect(toBody(ordine, { fasi: [{ codice: 'A', ordine: null, stato: undefined }, { codice: 'B', ordine: 2, stato: 'chiusa' }] }).fasi).toEqual([
      { codice: 'A' },
      { codice: 'B', ordine: 2, stato: 'chiusa' },
    ]);
    expect(toFormValues(f, { codice: 'C-2' }).fasi).toEqual([]);
    expect(toBody(f, { codice: 'C-2' }).fasi).toEqual([]);
  });
});

describe('zod issues to field errors', () => {
  it('uses the schema message keys and marks missing values as required', () => {
    const body = toBody(fields, { matricola: '', cognome: 'Rossi', nome: 'Mario', codice_fiscale: 'XXX', data_assunzione: null });
    const r = ZDipendente.safeParse(body);
    expect(r.success).toBe(false);
    if (r.success) return;
    const errs = issuesToFields(r.error.issues, body);
    expect(errs.matricola).toBe('avvisi.campo_richiesto');
    expect(errs.codice_fiscale).toBe('avvisi.codice_fiscale_non_valido');
    expect(errs.data_assunzione).toBe('avvisi.campo_richiesto');
  });

  it('maps refinements to their field', () => {
    const body = { matricola: '1', cognome: 'Rossi', nome: 'Mario', codice_fiscale: 'RSSMRA80A01H501U', data_assunzione: '2024-05-01', data_cessazione: '2024-01-01' };
    const r = ZDipendente.safeParse(body);
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(issuesToFields(r.error.issues, body)).toEqual({ data_cessazione: 'avvisi.cessazione_prima_assunzione' });
  });

  it('gives a generic key to issues without a translation key', () => {
    const body = { codice: 'R1', descrizione: 'x', responsabili: ['abc'] };
    const r = ZReparto.safeParse(body);
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(issuesToFields(r.error.issues, body).responsabili).toBe('avvisi.valore_non_valido');
  });
});

describe('a stored file and an amount at the form boundary', () => {
  const shapes = [
    { name: 'ricevuta_file_id', type: 'file' as const },
    { name: 'importo', type: 'money' as const, required: true },
  ];

  it('fill the form as they come', () => {
    expect(toFormValues(shapes, { ricevuta_file_id: '0b0c7a6e-3f7b-4c1e-9a55-1f2d3c4b5a69', importo: 123456 })).toEqual({
      ricevuta_file_id: '0b0c7a6e-3f7b-4c1e-9a55-1f2d3c4b5a69',
      importo: 123456,
    });
  });

  it('go back as the id or null, and integer cents or null', () => {
    expect(toBody(shapes, { ricevuta_file_id: '0b0c7a6e-3f7b-4c1e-9a55-1f2d3c4b5a69', importo: 5 })).toEqual({
      ricevuta_file_id: '0b0c7a6e-3f7b-4c1e-9a55-1f2d3c4b5a69',
      importo: 5,
    });
    expect(toBody(shapes, { ricevuta_file_id: null, importo: null })).toEqual({ ricevuta_file_id: null, importo: null });
    expect(toBody(shapes, { ricevuta_file_id: '', importo: undefined })).toEqual({ ricevuta_file_id: null, importo: null });
    // text that is not an amount never reaches the body (the field's rule stops the save first)
    expect(toBody(shapes, { importo: { invalidMoney: '12abc' } }).importo).toBeNull();
  });
});
