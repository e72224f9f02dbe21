import { describe, expect, it } from 'vitest';
import { decide, memoryStorage, ordered, PunchQueue, retryAfterOnline, type QueueItem, type SendOutcome } from './queue';

let n = 0;
function item(verso: 'E' | 'U', minute: number, utente: number | null = 7): QueueItem {
  n++;
  return { verso, id_richiesta: `id-${n}`, fonte: 'mobile', creato: `2025-11-21T08:${String(minute).padStart(2, '0')}:00.000Z`, utente };
}

/** A sender answering from a script of statuses (default 201) and recording every call. */
function scripted(statuses: number[] = []) {
  const calls: QueueItem[] = [];
  const send = async (i: QueueItem): Promise<SendOutcome> => {
    calls.push(i);
    const s = statuses.length ? statuses.shift()! : 201;
    if (s === -1) throw new TypeError('Failed to fetch');
    return { status: s, message: s >= 400 ? 'avvisi.errore' : undefined };
  };
  return { calls, send };
}

describe('decide', () => {
  it('removes on 2xx and on 4xx other than 401/429, keeps otherwise', () => {
    expect(decide(200)).toBe('sent');
    expect(decide(201)).toBe('sent');
    for (const s of [400, 403, 404, 409, 422]) expect(decide(s)).toBe('refused');
    for (const s of [0, 401, 429, 500, 502, 503, 302]) expect(decide(s)).toBe('retry');
  });
});

describe('PunchQueue', () => {
  it('stores before sending and lists the waiting items oldest first', async () => {
    const storage = memoryStorage();
    const q = new PunchQueue(storage, scripted().send, () => 7);
    const late = item('U', 30);
    const early = item('E', 1);
    await q.enqueue(late);
    await q.enqueue(early);
    expect((await q.pending()).map((i) => i.id_richiesta)).toEqual([early.id_richiesta, late.id_richiesta]);
    expect(ordered([late, early])[0]).toBe(early);
  });

  it('sends in order and removes what the server accepted', async () => {
    const storage = memoryStorage();
    const s = scripted();
    const q = new PunchQueue(storage, s.send, () => 7);
    const a = item('E', 1);
    const b = item('U', 2);
    await q.enqueue(b);
    await q.enqueue(a);
    const r = await q.flush();
    expect(s.calls.map((i) => i.id_richiesta)).toEqual([a.id_richiesta, b.id_richiesta]);
    expect(r.sent.map((x) => x.item.id_richiesta)).toEqual([a.id_richiesta, b.id_richiesta]);
    expect(r.pending).toEqual([]);
    expect(r.stoppedBy).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('keeps everything on a network failure and resends with the same id_richiesta', async () => {
    const storage = memoryStorage();
    const s = scripted([-1]);
    const q = new PunchQueue(storage, s.send, () => 7);
    const a = item('E', 1);
    const b = item('U', 2);
    await q.enqueue(a);
    await q.enqueue(b);
    const first = await q.flush();
    expect(first.stoppedBy).toEqual({ status: 0 });
    expect(first.pending.map((i) => i.id_richiesta)).toEqual([a.id_richiesta, b.id_richiesta]);
    expect(s.calls).toHaveLength(1); // b is not sent before a
    const second = await q.flush();
    expect(second.sent.map((x) => x.item.id_richiesta)).toEqual([a.id_richiesta, b.id_richiesta]);
    expect(s.calls.map((i) => i.id_richiesta)).toEqual([a.id_richiesta, a.id_richiesta, b.id_richiesta]);
    expect(storage.items.size).toBe(0);
  });

  it('keeps the item on 401, 429 and 5xx', async () => {
    for (const status of [401, 429, 500, 503]) {
      const storage = memoryStorage();
      const q = new PunchQueue(storage, scripted([status]).send, () => 7);
      const a = item('E', 1);
      await q.enqueue(a);
      const r = await q.flush();
      expect(r.stoppedBy?.status).toBe(status);
      expect(r.pending).toEqual([a]);
    }
  });

  it('drops an item refused with a 4xx, reports it and goes on with the next', async () => {
    const storage = memoryStorage();
    const s = scripted([409, 201]);
    const q = new PunchQueue(storage, s.send, () => 7);
    const a = item('E', 1);
    const b = item('U', 2);
    await q.enqueue(a);
    await q.enqueue(b);
    const r = await q.flush();
    expect(r.refused.map((x) => [x.item.id_richiesta, x.outcome.status])).toEqual([[a.id_richiesta, 409]]);
    expect(r.sent.map((x) => x.item.id_richiesta)).toEqual([b.id_richiesta]);
    expect(storage.items.size).toBe(0);
  });

  it('never sends an item twice when flushes overlap (online event, timer, page load)', async () => {
    const storage = memoryStorage();
    const s = scripted();
    const q = new PunchQueue(storage, s.send, () => 7);
    await q.enqueue(item('E', 1));
    await q.enqueue(item('U', 2));
    const [r1, r2, r3] = await Promise.all([q.flush(), q.flush(), q.flush()]);
    expect(s.calls).toHaveLength(2);
    expect(r1).toBe(r2);
    expect(r2).toBe(r3);
  });

  it('sends an item enqueued while a flush is running in the same run', async () => {
    const storage = memoryStorage();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const calls: string[] = [];
    const q = new PunchQueue(
      storage,
      async (i) => {
        calls.push(i.id_richiesta);
        if (calls.length === 1) await gate;
        return { status: 201 };
      },
      () => 7,
    );
    const a = item('E', 1);
    const b = item('U', 2);
    await q.enqueue(a);
    const running = q.flush();
    await q.enqueue(b);
    const again = q.flush();
    release();
    const r = await running;
    expect(await again).toBe(r);
    expect(calls).toEqual([a.id_richiesta, b.id_richiesta]);
    expect(r.pending).toEqual([]);
  });

  it('does not send punches of another user stored on the same phone', async () => {
    const storage = memoryStorage();
    const s = scripted();
    const q = new PunchQueue(storage, s.send, () => 7);
    const altrui = item('E', 1, 99);
    const mio = item('E', 2, 7);
    await q.enqueue(altrui);
    await q.enqueue(mio);
    const r = await q.flush();
    expect(s.calls.map((i) => i.id_richiesta)).toEqual([mio.id_richiesta]);
    expect(r.pending).toEqual([]);
    expect(storage.items.has(altrui.id_richiesta)).toBe(true);
  });

  it('after the connection comes back, a round that found no network is tried again soon, three times; other stops wait for the 30 s retry', async () => {
    const q = new PunchQueue(memoryStorage([item('U', 1)]), scripted([0, 0, 0, 0, 503]).send, () => 7);
    const delays: (number | null)[] = [];
    for (let attempt = 0; attempt < 4; attempt++) delays.push(retryAfterOnline(attempt, await q.flush()));
    expect(delays).toEqual([2_000, 5_000, 10_000, null]);
    // a 503 is the server's answer, not a network still coming up
    expect(retryAfterOnline(0, await q.flush())).toBeNull();
    // nothing left to send
    expect(retryAfterOnline(0, await q.flush())).toBeNull();
  });
});
