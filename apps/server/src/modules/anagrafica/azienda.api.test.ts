/**
 * Dati azienda (issue #13): HR and administrators keep who the employer is and its workplaces; every printout's header
 * shows it, with the logo; the VAT number, postcode and province are checked; other profiles may not read it.
 */
import { createHash } from 'node:crypto';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localNow } from '../../platform/dates';
import { login, makeTestApp, pdfText, skipReason, uploadFile, type Session, type TestApp } from '../../../test/harness';

describe.skipIf(skipReason())('company data', () => {
  let t: TestApp;
  let hr: Session;
  let mario: Session;
  beforeAll(async () => {
    t = await makeTestApp();
    hr = await login(t.app, 'personale');
    mario = await login(t.app, 'mario.rossi');
  });
  afterAll(async () => t?.close());

  const call = (s: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: s.auth, ...(payload === undefined ? {} : { payload: payload as never }) });
  const upload = (s: Session, name: string, bytes: Buffer) => uploadFile(t.app, s.auth, name, bytes);

  it('shows the demo company and its workplaces to HR, and to nobody without the screen', async () => {
    const az = (await call(hr, 'GET', '/api/azienda')).json();
    expect(az).toMatchObject({ ragione_sociale: 'Officine Rossi S.r.l.', partita_iva: '02518370370', comune: 'Bologna', provincia: 'BO' });
    const sedi = (await call(hr, 'GET', '/api/sedi')).json();
    expect(sedi.rows.map((s: { comune: string }) => s.comune).sort()).toEqual(['Bologna', 'Castel Maggiore']);
    expect((await call(mario, 'GET', '/api/azienda')).statusCode).toBe(403);
    expect((await call(mario, 'POST', '/api/azienda', az)).statusCode).toBe(403);
  });

  it('checks the VAT number, the tax code, the postcode and the province', async () => {
    const az = (await call(hr, 'GET', '/api/azienda')).json();
    const bad = await call(hr, 'POST', '/api/azienda', { ...az, partita_iva: '02518370371', codice_fiscale: 'ABC', cap: '4013', provincia: 'Bologna' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().params.fields).toMatchObject({
      partita_iva: 'avvisi.partita_iva_non_valida', codice_fiscale: 'avvisi.codice_fiscale_non_valido', cap: 'avvisi.cap_non_valido', provincia: 'avvisi.provincia_non_valida',
    });
    const sede = await call(hr, 'PUT', '/api/sedi', { descrizione: 'Cantiere', comune: 'Modena', cap: '4110' });
    expect(sede.statusCode).toBe(400);
  });

  it('saves the company with its logo, which heads the printed timecard', async () => {
    const az = (await call(hr, 'GET', '/api/azienda')).json();
    const png = await QRCode.toBuffer('Officine Rossi');
    const logo = (await upload(hr, 'logo.png', png)).json().data;
    const notImage = (await upload(hr, 'visura.csv', Buffer.from('a;b\n1;2\n'))).json().data;
    const refused = await call(hr, 'POST', '/api/azienda', { ...az, logo_file_id: notImage.id });
    expect(refused.json()).toMatchObject({ message: 'avvisi.validation', params: { fields: { logo_file_id: 'avvisi.logo_non_immagine' } } });
    const saved = await call(hr, 'POST', '/api/azienda', { ...az, indirizzo: 'Via della Meccanica 16', logo_file_id: logo.id });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ indirizzo: 'Via della Meccanica 16', logo_file_id: logo.id });
    // the logo is for every signed-in page header
    const back = await call(mario, 'GET', '/api/azienda/logo');
    expect(back.headers['content-type']).toBe('image/png');
    // the stored PNG is the one written again from its pixels when taken in (issue #27 §2)
    expect(createHash('sha256').update(back.rawPayload).digest('hex')).toBe(logo.sha256);
    const me = (await call(mario, 'GET', '/api/user/profile')).json();
    const pdf = await call(mario, 'GET', `/api/cartellino/pdf?dipendente=${me.dipendente.id}&mese=${localNow('Europe/Rome').data.slice(0, 7)}`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Officine Rossi S.r.l.');
    expect(text).toContain('P.IVA 02518370370 - Via della Meccanica 16 40138 Bologna (BO)');
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
  });
});
