import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatCodiceVisita, makeCodiceVisita, normalizeCodiceVisita } from '@tulip/contract';
import { decodeQp } from '../../../../../test/support/smtp';
import { makeTestApp, login, skipReason, type Session, type TestApp } from '../../../test/harness';
import { addDays, localNow } from '../../platform/dates';

describe.skipIf(skipReason())('visitor self-registration links', () => {
  let t: TestApp;
  let desk: Session;
  let admin: Session;
  let mario: Session;
  let laura: Session;
  let tipi: { id: number; codice: string }[];
  let motivo: number;
  const call = (s: Session | null, method: string, url: string, payload?: unknown) =>
    t.app.inject({ method: method as never, url, headers: s?.auth ?? {}, payload: payload as never });
  const today = () => localNow(t.config.timezone).data;
  // the window runs to tomorrow, so that a run in the Rome day's last minute still invites for a window not yet over
  const tomorrow = () => addDays(today(), 1);
  const tipo = (codice: string) => tipi.find((x) => x.codice === codice)!.id;
  const invite = (email: string, extra: Record<string, unknown> = {}) => ({
    email, azienda: 'Ospiti S.r.l.', tipo_id: tipo('CLI'), motivo_id: motivo, dal: today(), al: tomorrow(), ora_da: '00:00', ora_a: '23:59', ...extra,
  });
  const registration = { nome: 'Giulia', cognome: 'Ospite', azienda: 'Ospiti S.r.l.', telefono: '+39 333 1234567', privacy: true, regole: true };

  /** Sends an invitation as `who` and returns the token read from the e-mail the visitor received. */
  async function invited(who: Session, email: string, extra: Record<string, unknown> = {}) {
    const r = await call(who, 'PUT', '/api/visite/link', invite(email, extra));
    expect(r.statusCode, r.body).toBe(201);
    const mail = await t.smtp.waitFor((m) => m.to.includes(email) && decodeQp(m.raw).includes(r.json().data.url));
    const token = /\/visita\/([A-Za-z0-9_-]{32})/.exec(decodeQp(mail.raw))![1];
    return { link: r.json().data, token, mail: decodeQp(mail.raw) };
  }

  beforeAll(async () => {
    t = await makeTestApp();
    [desk, admin, mario, laura] = [await login(t.app, 'portineria'), await login(t.app, 'admin'), await login(t.app, 'mario.rossi'), await login(t.app, 'laura.bianchi')];
    tipi = (await call(desk, 'GET', '/api/visite/tipi?size=100')).json().rows;
    motivo = (await call(desk, 'GET', '/api/visite/motivi')).json().rows[0].id;
  });
  afterAll(async () => t?.close());

  it('makes check-in codes with a check symbol that catches typos and tampering', () => {
    for (let i = 0; i < 200; i++) {
      const c = makeCodiceVisita(new Uint8Array([...Array(7)].map(() => Math.floor(Math.random() * 256))));
      expect(normalizeCodiceVisita(c)).toBe(c);
      expect(normalizeCodiceVisita(formatCodiceVisita(c).toLowerCase())).toBe(c);
      // any single changed symbol fails the check
      const k = i % 8;
      const other = c[k] === 'A' ? 'B' : 'A';
      expect(normalizeCodiceVisita(c.slice(0, k) + other + c.slice(k + 1))).toBeNull();
    }
  });

  it('runs the whole path: invitation, registration, code at the desk, referent told, link used', async () => {
    const { link, token, mail } = await invited(mario, 'giulia.ospite@example.com');
    expect(link).toMatchObject({ stato: 'inviato', codice: null, email: 'giulia.ospite@example.com', referente_nome: 'Rossi Mario' });
    expect(mail).toContain('Rossi Mario');

    const page = await call(null, 'GET', `/api/visita/${token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ stato: 'da_compilare', referente_nome: 'Rossi Mario', codice: null, qr_svg: null, azienda: 'Ospiti S.r.l.' });
    expect(page.json().informativa_privacy).toContain('art. 13');
    // only this visit: no ids of other records, nothing of the register
    expect(Object.keys(page.json())).not.toContain('referente_id');

    const refused = await call(null, 'POST', `/api/visita/${token}`, { ...registration, privacy: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().params.fields.privacy).toBe('avvisi.accettazione_richiesta');
    expect((await call(null, 'POST', `/api/visita/${token}`, { ...registration, nome: 'x'.repeat(5000) })).statusCode).toBe(400);
    const script = await call(null, 'POST', `/api/visita/${token}`, { ...registration, cognome: '<script>alert(1)</script>' });
    expect(script.json().params.fields.cognome).toBe('avvisi.html_non_ammesso');
    expect((await call(null, 'GET', `/api/visita/${token}`)).json().stato).toBe('da_compilare'); // nothing half-stored

    const done = await call(null, 'POST', `/api/visita/${token}`, registration);
    expect(done.statusCode, done.body).toBe(200);
    const { codice, qr_svg } = done.json().data;
    expect(codice).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(qr_svg).toContain('<svg');
    expect((await call(null, 'POST', `/api/visita/${token}`, registration)).json().message).toBe('avvisi.link_gia_compilato');
    expect((await call(null, 'GET', `/api/visita/${token}`)).json()).toMatchObject({ stato: 'compilato', codice, nome: 'Giulia' });
    await t.smtp.waitFor((m) => m.to.includes('giulia.ospite@example.com') && decodeQp(m.raw).includes(codice));

    // the desk: a tampered code, an unknown one, then the real one
    const tampered = codice.slice(0, 8) + (codice[8] === 'A' ? 'B' : 'A');
    expect((await call(desk, 'GET', `/api/visite/codice/${tampered}`)).json()).toMatchObject({ message: 'avvisi.validation', params: { fields: { codice: 'avvisi.codice_non_valido' } } });
    const unknown = formatCodiceVisita(makeCodiceVisita(new Uint8Array([1, 2, 3, 4, 5, 6, 7])));
    expect((await call(desk, 'GET', `/api/visite/codice/${unknown}`)).statusCode).toBe(404);
    const seen = await call(desk, 'GET', `/api/visite/codice/${codice.toLowerCase().replace('-', ' ')}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ nome: 'Giulia', cognome: 'Ospite', telefono: '+39 333 1234567', codice });
    const inside = await call(desk, 'POST', `/api/visite/codice/${codice}/ingresso`, { documento_tipo: 'passaporto', documento_numero: 'YA1234567' });
    expect(inside.statusCode, inside.body).toBe(201);
    expect(inside.json().data).toMatchObject({ nome: 'Giulia', cognome: 'Ospite', documento_numero: '•••••567', uscita: null });
    await t.smtp.waitFor((m) => decodeQp(m.raw).includes('arrivata in portineria la visita di Giulia Ospite'));
    const evac = (await call(desk, 'GET', '/api/visite/evacuazione')).json();
    expect(evac.visitatori.map((v: { cognome: string }) => v.cognome)).toContain('Ospite');

    expect((await call(null, 'GET', `/api/visita/${token}`)).json().message).toBe('avvisi.link_usato');
    expect((await call(null, 'GET', `/api/visita/${token}`)).statusCode).toBe(410);
    expect((await call(desk, 'POST', `/api/visite/codice/${codice}/ingresso`)).json().message).toBe('avvisi.autorizzazione_usata');
    const list = (await call(mario, 'GET', '/api/visite/link?stato=usato')).json();
    expect(list.rows.find((l: { id: number }) => l.id === link.id)).toMatchObject({ stato: 'usato', codice });
  });

  it('expires at the end of the window, stops on revocation, and a resend replaces the token', async () => {
    const a = await invited(mario, 'scade@example.com');
    await t.handle.db.execute(sql`update autorizzazioni_visita set dal = current_date - 2, al = current_date - 1 where id = ${a.link.autorizzazione_id}`);
    expect((await call(null, 'GET', `/api/visita/${a.token}`)).json().message).toBe('avvisi.link_scaduto');
    expect((await call(mario, 'POST', `/api/visite/link/${a.link.id}/reinvia`)).statusCode).toBe(409);

    const b = await invited(mario, 'revoca@example.com');
    expect((await call(mario, 'POST', `/api/visite/link/${b.link.id}/revoca`)).json().data.stato).toBe('revocato');
    expect((await call(null, 'GET', `/api/visita/${b.token}`)).json().message).toBe('avvisi.link_revocato');
    expect((await call(null, 'POST', `/api/visita/${b.token}`, registration)).statusCode).toBe(410);

    const c = await invited(mario, 'reinvio@example.com');
    const again = await call(mario, 'POST', `/api/visite/link/${c.link.id}/reinvia`);
    expect(again.statusCode, again.body).toBe(200);
    const fresh = /\/visita\/([A-Za-z0-9_-]{32})/.exec(again.json().data.url)![1];
    expect((await call(null, 'GET', `/api/visita/${c.token}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/visita/${fresh}`)).statusCode).toBe(200);
  });

  it('keeps links in scope, refuses unknown referents, types needing approval wait, and the switch turns it off', async () => {
    const { link, token } = await invited(mario, 'ditta@example.com', { tipo_id: tipo('DIT'), azienda: 'Impianti Nord' });
    expect(link.approvazione).toBe('in_attesa');
    expect((await call(laura, 'POST', `/api/visite/link/${link.id}/reinvia`)).statusCode).toBe(404);
    expect((await call(laura, 'GET', '/api/visite/link')).json().rows.map((l: { id: number }) => l.id)).not.toContain(link.id);
    expect((await call(admin, 'GET', '/api/visite/link')).json().rows.map((l: { id: number }) => l.id)).toContain(link.id);
    expect((await call(null, 'GET', `/api/visita/${token}`)).json().in_attesa_approvazione).toBe(true);
    const { codice } = (await call(null, 'POST', `/api/visita/${token}`, registration)).json().data;
    expect((await call(desk, 'POST', `/api/visite/codice/${codice}/ingresso`)).json().message).toBe('avvisi.autorizzazione_in_attesa');

    expect((await call(admin, 'PUT', '/api/visite/link', invite('x@example.com', { referente_id: 999999 }))).json().params.fields.referente_id).toBe('avvisi.referente_sconosciuto');
    expect((await call(mario, 'PUT', '/api/visite/link', invite('x@example.com', { email: undefined }))).statusCode).toBe(400);
    expect((await call(mario, 'PUT', '/api/visite/link', invite('x@example.com', { note: '<script>alert(1)</script>'.repeat(100) }))).statusCode).toBe(400);

    const par = (await call(admin, 'GET', '/api/visite/parametri')).json();
    expect((await call(admin, 'POST', '/api/visite/parametri', { ...par, autoregistrazione: false })).statusCode).toBe(200);
    expect((await call(mario, 'PUT', '/api/visite/link', invite('off@example.com'))).json().message).toBe('avvisi.autoregistrazione_disattiva');
    expect((await call(null, 'GET', `/api/visita/${token}`)).json().message).toBe('avvisi.autoregistrazione_disattiva');
    await call(admin, 'POST', '/api/visite/parametri', par);
  });

  // last: it blocks this address for the public page
  it('rate-limits token guessing per address', async () => {
    const { token } = await invited(mario, 'limite@example.com');
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await call(null, 'GET', `/api/visita/${'A'.repeat(31)}${i}`);
      expect(r.json().message).toBe(r.statusCode === 404 ? 'avvisi.link_non_valido' : 'avvisi.too_many_attempts');
      answers.push(r.statusCode);
    }
    // the stale token of the resend test counted too: at most 10 guesses from one address
    expect(answers[0]).toBe(404);
    expect(answers.filter((s) => s === 404).length).toBeLessThanOrEqual(10);
    expect(answers.at(-1)).toBe(429);
    const blocked = await call(null, 'GET', `/api/visita/${token}`);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ message: 'avvisi.too_many_attempts', params: { minuti: 15 } });
  });
});
