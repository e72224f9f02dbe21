/**
 * Webhooks (issue #32 §4) against a real HTTP receiver on 127.0.0.1, allow-listed in the app's TULIP_WEBHOOK_HOSTS:
 * the receiver checks every request's Tulip-Signature with the subscription's secret. Tests wait for what the
 * receiver or the deliveries' list shows, never for a timer.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeMonthReviewed, login, makeTestApp, skipReason, type Session, type TestApp } from '../../../test/harness';
import { addDays, localNow } from '../../platform/dates';
import { deliverAllDue, enqueueWebhooks, startWebhooks, stopWebhooks } from '../../platform/webhooks';
import { nowMs, setClock } from '../../platform/clock';
import { manifest } from './index';
import { purgeDelivered } from './service';

type Received = { path: string; body: { id: string; evento: string; creato_il: string; dati: Record<string, unknown> }; signed: boolean; answered: number; raw: string; header: string };

/** Whether any v1 of the header is the body's HMAC with `secret` (a receiver during a rotation accepts either). */
const signedWith = (r: Received, secret: string) => {
  const t = /(?:^|,)t=(\d+)/.exec(r.header)?.[1];
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${r.raw}`).digest('hex'));
  return [...r.header.matchAll(/(?:^|,)v1=([0-9a-f]{64})/g)].some(([, v1]) => timingSafeEqual(Buffer.from(v1), expected));
};

/** A receiver as a customer writes one: it verifies the signature over the raw body before trusting anything. */
function startReceiver() {
  const received: Received[] = [];
  const secrets = new Map<string, string>(); // path -> the secret of the subscription that posts there
  const answers = new Map<string, number[]>(); // path -> the status codes to answer, in turn (then 200)
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const header = String(req.headers['tulip-signature'] ?? '');
      const t = /(?:^|,)t=(\d+)/.exec(header)?.[1];
      const v1 = /(?:^|,)v1=([0-9a-f]{64})/.exec(header)?.[1];
      const secret = secrets.get(req.url ?? '');
      const expected = secret && t ? createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex') : '';
      // real-clock: a receiver checks the signature's time against its own clock, and the server signs with the real one
      const signed = !!v1 && expected.length === 64 && timingSafeEqual(Buffer.from(v1), Buffer.from(expected)) && Math.abs(Date.now() / 1000 - Number(t)) < 300;
      const status = answers.get(req.url ?? '')?.shift() ?? 200;
      received.push({ path: req.url ?? '', body: JSON.parse(raw), signed, answered: status, raw, header });
      res.writeHead(status).end();
    });
  });
  return { server, received, secrets, answers };
}

describe.skipIf(skipReason())('webhooks', () => {
  let t: TestApp;
  let admin: Session;
  let mario: Session;
  let personale: Session;
  let base: string;
  let port: number;
  const rx = startReceiver();
  const call = (s: Session, method: string, url: string, payload?: unknown) => t.app.inject({ method: method as never, url, headers: s.auth, payload: payload as never });
  const subscribe = async (path: string, eventi = ['timbratura.registrata']) => {
    const r = await call(admin, 'PUT', '/api/webhooks', { url: `${base}${path}`, eventi, attivo: true });
    expect(r.statusCode, r.body).toBe(200);
    const { id, segreto } = r.json() as { id: number; segreto: string };
    rx.secrets.set(path, segreto);
    return id;
  };
  const deliveries = async (sottoscrizione_id: number) =>
    (await call(admin, 'GET', `/api/webhooks/consegne?sottoscrizione_id=${sottoscrizione_id}`)).json().rows as {
      id: string; stato: string; tentativi: number; evento: string; elenco_tentativi: { numero: number; stato_http: number | null; errore: string | null; durata_ms: number }[];
    }[];
  let verso: 'E' | 'U' = 'U';
  const punch = async () => {
    verso = verso === 'E' ? 'U' : 'E';
    const r = await call(mario, 'PUT', '/api/timbrature', { verso, id_richiesta: randomUUID() });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().data.id as number;
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => rx.server.listen(0, '127.0.0.1', resolve));
    port = (rx.server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    t = await makeTestApp({ TULIP_WEBHOOK_HOSTS: `127.0.0.1:${port}` });
    [admin, mario, personale] = await Promise.all(['admin', 'mario.rossi', 'personale'].map((u) => login(t.app, u)));
  });
  afterAll(async () => {
    setClock(null);
    await t?.close();
    await new Promise((resolve) => rx.server.close(resolve));
  });

  it('refuses a URL to a private, link-local or loopback address, plain http outside the allow-list, an unknown event, and anyone but an administrator', async () => {
    const put = (url: string, eventi = ['timbratura.registrata'], who = admin) => call(who, 'PUT', '/api/webhooks', { url, eventi, attivo: true });
    for (const url of ['https://169.254.169.254/latest/meta-data', 'https://10.0.0.1/hook', 'https://192.168.1.10/hook', 'https://[::1]/hook', 'https://[fd00::1]/hook', 'https://0.0.0.0/hook', 'https://[::ffff:127.0.0.1]/hook', 'https://localhost/hook']) {
      const r = await put(url);
      expect(r.statusCode, url).toBe(400);
      expect(r.json().params.fields.url, url).toMatch(/^avvisi\.webhook_/);
    }
    // the allow-list names a host and port: the same host on another port, or over http elsewhere, is refused
    expect((await put(`http://127.0.0.1:${port + 1}/x`)).statusCode).toBe(400);
    expect((await put('http://example.com/x')).json().params.fields.url).toBe('avvisi.webhook_url_non_valido');
    const unknown = await put(`${base}/x`, ['timbratura.registrata', 'nessuno.evento']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().params).toMatchObject({ fields: { eventi: 'avvisi.webhook_evento_sconosciuto' }, evento: 'nessuno.evento' });
    expect((await put(`${base}/x`, undefined, personale)).statusCode).toBe(403);
    expect((await call(admin, 'GET', '/api/webhooks/eventi')).json()).toContain('timbratura.registrata');
  });

  it('a punch is delivered once, signed with the secret shown at creation, which the list never shows again', async () => {
    const id = await subscribe('/ok');
    const listed = await call(admin, 'GET', '/api/webhooks');
    expect(listed.statusCode, listed.body).toBe(200);
    const list = listed.json();
    expect(list.rows.find((r: { id: number }) => r.id === id)).toMatchObject({ url: `${base}/ok`, attivo: true });
    expect(JSON.stringify(list)).not.toContain(rx.secrets.get('/ok'));

    const punchId = await punch();
    await expect.poll(() => rx.received.filter((r) => r.path === '/ok').length).toBe(1);
    const [got] = rx.received.filter((r) => r.path === '/ok');
    expect(got.signed).toBe(true);
    expect(got.body).toMatchObject({ evento: 'timbratura.registrata', dati: { id: punchId, verso, fonte: 'web' } });
    await expect.poll(async () => (await deliveries(id))[0]?.stato).toBe('consegnata');
    const [d] = await deliveries(id);
    expect(d).toMatchObject({ id: got.body.id, tentativi: 1 });
    expect(d.elenco_tentativi).toMatchObject([{ numero: 1, stato_http: 200, errore: null }]);
    // nothing is due any more: a worker run sends nothing twice
    expect(await deliverAllDue(t.handle.db)).toBe(0);
    expect(rx.received.filter((r) => r.path === '/ok')).toHaveLength(1);
    expect((await call(admin, 'POST', `/api/webhooks/${id}`, { url: `${base}/ok`, eventi: ['timbratura.registrata'], attivo: false })).statusCode).toBe(200);
  });

  it('a receiver answering 500 is retried after the backoff and delivered; past 24 hours a delivery fails, and an administrator resends it', async () => {
    const id = await subscribe('/flaky');
    rx.answers.set('/flaky', [500]);
    await punch();
    await expect.poll(async () => (await deliveries(id))[0]?.elenco_tentativi.length).toBe(1);
    let [d] = await deliveries(id);
    expect(d).toMatchObject({ stato: 'in_attesa', tentativi: 1, elenco_tentativi: [{ stato_http: 500, errore: 'HTTP 500' }] });
    // not due before the first backoff (one minute)
    expect(await deliverAllDue(t.handle.db)).toBe(0);
    setClock(nowMs() + 61_000);
    expect(await deliverAllDue(t.handle.db)).toBe(1);
    [d] = await deliveries(id);
    expect(d.stato).toBe('consegnata');
    expect(d.elenco_tentativi.map((a) => a.stato_http)).toEqual([500, 200]);
    expect(rx.received.filter((r) => r.path === '/flaky').map((r) => [r.answered, r.signed])).toEqual([[500, true], [200, true]]);

    // a receiver down for a day: the attempt after the 24 hours is the last, and the delivery is failed
    rx.answers.set('/flaky', Array(20).fill(503));
    setClock(null);
    await punch();
    await expect.poll(async () => (await deliveries(id)).find((x) => x.id !== d.id)?.tentativi).toBe(1);
    const late = (await deliveries(id)).find((x) => x.id !== d.id)!;
    setClock(nowMs() + 25 * 3600_000);
    expect(await deliverAllDue(t.handle.db)).toBe(1);
    expect((await deliveries(id)).find((x) => x.id === late.id)).toMatchObject({ stato: 'fallita', tentativi: 2 });
    expect((await call(admin, 'GET', '/api/webhooks')).json().rows.find((r: { id: number }) => r.id === id).fallite).toBe(1);
    rx.answers.set('/flaky', []);
    const resent = await call(admin, 'POST', `/api/webhooks/consegne/${late.id}/reinvia`);
    expect(resent.statusCode, resent.body).toBe(200);
    await expect.poll(async () => (await deliveries(id)).find((x) => x.id === late.id)?.stato).toBe('consegnata');
    expect((await deliveries(id)).find((x) => x.id === late.id)!.elenco_tentativi.map((a) => a.stato_http)).toEqual([503, 503, 200]);
    setClock(null);
    await call(admin, 'POST', `/api/webhooks/${id}`, { url: `${base}/flaky`, eventi: ['timbratura.registrata'], attivo: false });
  });

  it('a name not in the allow-list that resolves to a loopback address is refused at delivery, not only when saved', async () => {
    const id = await subscribe('/rebind');
    // the name resolved to a public address when it was saved, and to 127.0.0.1 now (DNS rebinding): the row as saved
    await t.handle.db.execute(sql`update webhook_sottoscrizioni set url = ${`https://localhost:${port}/rebind`} where id = ${id}`);
    await punch();
    await expect.poll(async () => (await deliveries(id))[0]?.elenco_tentativi.length).toBe(1);
    const [d] = await deliveries(id);
    expect(d.stato).toBe('in_attesa');
    expect(d.elenco_tentativi[0]).toMatchObject({ stato_http: null, errore: expect.stringMatching(/^indirizzo vietato: (127\.0\.0\.1|::1)$/) });
    expect(rx.received.filter((r) => r.path === '/rebind')).toHaveLength(0);
    expect((await call(admin, 'DELETE', `/api/webhooks/${id}`)).statusCode).toBe(204);
  });

  it('an employee created and ceased, a leave decision and a month closed reach a subscriber, each once and signed', async () => {
    const laura = await login(t.app, 'laura.bianchi');
    await subscribe('/events', ['giustificativo.deciso', 'dipendente.creato', 'dipendente.modificato', 'dipendente.cessato', 'mese.chiuso']);
    const events = () => rx.received.filter((r) => r.path === '/events');
    const nuovo = { matricola: '009901', cognome: 'Gualandi', nome: 'Sara', codice_fiscale: 'GLNSRA90A41A944C', data_assunzione: '2024-03-01' };
    const created = await call(personale, 'PUT', '/api/dipendenti', nuovo);
    expect(created.statusCode, created.body).toBe(201);
    const dipId = created.json().data.id as number;
    await expect.poll(() => events().map((r) => r.body.evento)).toEqual(['dipendente.creato']);
    expect(events()[0].body.dati).toEqual({ id: dipId, matricola: '009901', cognome: 'Gualandi', nome: 'Sara', reparto_id: null, cdc_id: null, mansione_id: null, data_assunzione: '2024-03-01', data_cessazione: null });
    expect((await call(personale, 'POST', `/api/dipendenti/${dipId}`, { ...nuovo, nome: 'Sara Maria' })).statusCode).toBe(200);
    expect((await call(personale, 'POST', `/api/dipendenti/${dipId}`, { ...nuovo, nome: 'Sara Maria', data_cessazione: '2025-12-31' })).statusCode).toBe(200);
    await expect.poll(() => events().map((r) => r.body.evento)).toEqual(['dipendente.creato', 'dipendente.modificato', 'dipendente.cessato']);

    // an hour's leave on a working day a few weeks ahead, approved by mario's manager
    let leave = 0;
    for (let day = addDays(localNow(t.config.timezone).data, 30); !leave; day = addDays(day, 1)) {
      const r = await call(mario, 'PUT', '/api/giustificativi', { codice: 'PERMESSO', dal: day, al: day, minuti: 60 });
      if (r.statusCode === 201) leave = r.json().data.id;
    }
    expect((await call(laura, 'POST', `/api/giustificativi/${leave}/approva`, {})).statusCode).toBe(200);
    await expect.poll(() => events().find((r) => r.body.evento === 'giustificativo.deciso')?.body.dati).toMatchObject({ id: leave, stato: 'approvato' });

    const mese = addDays(`${localNow(t.config.timezone).data.slice(0, 7)}-01`, -1).slice(0, 7);
    expect((await closeMonthReviewed(t.app, personale, mese)).statusCode).toBe(200);
    await expect.poll(() => events().find((r) => r.body.evento === 'mese.chiuso')?.body.dati).toMatchObject({ mese });
    expect(events()).toHaveLength(5);
    expect(events().every((r) => r.signed)).toBe(true);
  });

  it('two workers at once send each delivery once', async () => {
    const id = await subscribe('/many');
    // no kick: the deliveries wait for the workers below
    stopWebhooks();
    await t.handle.db.transaction(async (tx) => enqueueWebhooks(tx as never, 'timbratura.registrata', Array.from({ length: 30 }, (_, i) => ({ id: -1 - i }))));
    const sent = await Promise.all([deliverAllDue(t.handle.db), deliverAllDue(t.handle.db), deliverAllDue(t.handle.db)]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(30);
    const got = rx.received.filter((r) => r.path === '/many');
    expect(got).toHaveLength(30);
    expect(new Set(got.map((r) => r.body.id)).size).toBe(30);
    expect(got.every((r) => r.signed)).toBe(true);
    const rows = await deliveries(id);
    expect(rows.every((r) => r.stato === 'consegnata' && r.elenco_tentativi.length === 1)).toBe(true);
    startWebhooks(t.handle.db, { hosts: t.config.webhookHosts });
  });

  it('a rotated secret is answered once and audited; for 24 hours deliveries carry both signatures, then only the new one', async () => {
    const id = await subscribe('/rotate');
    const old = rx.secrets.get('/rotate')!;
    expect((await call(personale, 'POST', `/api/webhooks/${id}/segreto`)).statusCode).toBe(403);
    expect((await call(admin, 'POST', '/api/webhooks/999999/segreto')).statusCode).toBe(404);
    const r = await call(admin, 'POST', `/api/webhooks/${id}/segreto`);
    expect(r.statusCode, r.body).toBe(200);
    const { segreto, segreto_precedente_fino } = r.json() as { segreto: string; segreto_precedente_fino: string };
    expect(segreto).toMatch(/^whsec_/);
    expect(segreto).not.toBe(old);
    expect(segreto_precedente_fino).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const list = (await call(admin, 'GET', '/api/webhooks')).json();
    expect(list.rows.find((w: { id: number }) => w.id === id).segreto_precedente_fino).toBe(segreto_precedente_fino);
    expect(JSON.stringify(list)).not.toContain(segreto);
    expect(JSON.stringify(list)).not.toContain(old);
    const [entry] = await t.handle.db.execute(sql`select username, dopo from audit_log where entita = 'webhook_sottoscrizioni' and entita_id = ${String(id)} and azione = 'rotazione_segreto'`).then((x) => (x as unknown as { rows: { username: string; dopo: unknown }[] }).rows);
    expect(entry).toMatchObject({ username: 'admin', dopo: { segreto_precedente_fino } });
    expect(JSON.stringify(entry)).not.toContain(segreto);
    expect(JSON.stringify(entry)).not.toContain(old);

    // during the grace: a receiver still on the old secret and one already on the new accept the same delivery
    const at = () => rx.received.filter((x) => x.path === '/rotate');
    await punch();
    await expect.poll(() => at().length).toBe(1);
    expect(at()[0].header.match(/v1=/g)).toHaveLength(2);
    expect(signedWith(at()[0], old)).toBe(true);
    expect(signedWith(at()[0], segreto)).toBe(true);

    // after the 24 hours only the new secret signs
    setClock(nowMs() + 25 * 3600_000);
    expect((await call(admin, 'GET', '/api/webhooks')).json().rows.find((w: { id: number }) => w.id === id).segreto_precedente_fino).toBeNull();
    await t.handle.db.transaction(async (tx) => enqueueWebhooks(tx as never, 'timbratura.registrata', [{ id: -100 }]));
    await deliverAllDue(t.handle.db);
    expect(at()).toHaveLength(2);
    expect(at()[1].header.match(/v1=/g)).toHaveLength(1);
    expect(signedWith(at()[1], segreto)).toBe(true);
    expect(signedWith(at()[1], old)).toBe(false);
    setClock(null);
    await call(admin, 'DELETE', `/api/webhooks/${id}`);
  });

  it('the job purges the deliveries delivered before the retention, with their attempts, in bounded batches; pending and failed ones stay', async () => {
    expect((await call(personale, 'PUT', '/api/webhooks/parametri', { conservazione_giorni: 5 })).statusCode).toBe(403);
    expect((await call(admin, 'PUT', '/api/webhooks/parametri', { conservazione_giorni: 0 })).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/api/webhooks/parametri')).json()).toEqual({ conservazione_giorni: 30 });
    const saved = await call(admin, 'PUT', '/api/webhooks/parametri', { conservazione_giorni: 2 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'avvisi.webhook_parametri_salvati', data: { conservazione_giorni: 2 } });

    const id = await subscribe('/purge');
    // the first one sent stays pending, and its retry (by the job, days later) fails it: neither is purged
    rx.answers.set('/purge', [500]);
    await t.handle.db.transaction(async (tx) => enqueueWebhooks(tx as never, 'timbratura.registrata', Array.from({ length: 5 }, (_, i) => ({ id: -200 - i }))));
    await deliverAllDue(t.handle.db);
    const before = await deliveries(id);
    expect(before.map((d) => d.stato).sort()).toEqual(['consegnata', 'consegnata', 'consegnata', 'consegnata', 'in_attesa']);
    const attempts = async () =>
      Number((await t.handle.db.execute(sql`select count(*)::int as n from webhook_tentativi where consegna_id = any(${sql.param(before.map((d) => d.id))}::uuid[])`) as unknown as { rows: { n: number }[] }).rows[0].n);
    expect(await attempts()).toBe(5);

    // a day later nothing is old enough
    setClock(nowMs() + 24 * 3600_000);
    await purgeDelivered(t.handle.db);
    expect(await deliveries(id)).toHaveLength(5);
    // three days later: one batch of two at most per call, then the job purges the rest
    setClock(nowMs() + 2 * 24 * 3600_000);
    expect(await purgeDelivered(t.handle.db, 2, 1)).toBe(2);
    rx.answers.set('/purge', [500]);
    await manifest.jobs![0].run(t.handle.db, { timezone: t.config.timezone });
    const left = await deliveries(id);
    expect(left.map((d) => d.stato)).toEqual(['fallita']);
    expect(await attempts()).toBe(2);
    setClock(null);
    await call(admin, 'PUT', '/api/webhooks/parametri', { conservazione_giorni: 30 });
    await call(admin, 'DELETE', `/api/webhooks/${id}`);
  });
});
