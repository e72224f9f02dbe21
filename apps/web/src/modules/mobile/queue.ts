/**
 * Offline queue of the mobile punches (pure: storage and sender are injected).
 *
 * A punch is stored first and then sent; items are sent one at a time, oldest first, always with
 * their own id_richiesta, so a resend after a lost answer is recognised by the server (idempotent)
 * and nothing is doubled. An item leaves the queue only when the server answered 2xx (sent) or a
 * 4xx other than 401/429 (refused: it would never succeed; the caller shows the error). No answer
 * (network), 401 (session being renewed), 429 (rate limit), 5xx and anything else keep the item
 * and stop the round, so the order of E/U is preserved for the next attempt.
 */
export type Verso = 'E' | 'U';

export type QueueItem = {
  verso: Verso;
  id_richiesta: string;
  fonte: 'mobile';
  lat?: number;
  lon?: number;
  /** Device time of the punch (ISO 8601), for ordering and display. */
  creato: string;
  /** The user who punched: items of another user on the same phone are never sent with this session. */
  utente?: number | null;
};

export interface QueueStorage {
  all(): Promise<QueueItem[]>;
  put(item: QueueItem): Promise<void>;
  remove(id: string): Promise<void>;
}

/** What the server answered: status 0 = no answer (network). */
export type SendOutcome = { status: number; message?: string; params?: Record<string, unknown>; data?: unknown };
export type Sender = (item: QueueItem) => Promise<SendOutcome>;

export type Decision = 'sent' | 'refused' | 'retry';

export function decide(status: number): Decision {
  if (status >= 200 && status < 300) return 'sent';
  if (status >= 400 && status < 500 && status !== 401 && status !== 429) return 'refused';
  return 'retry';
}

export type FlushReport = {
  sent: { item: QueueItem; outcome: SendOutcome }[];
  refused: { item: QueueItem; outcome: SendOutcome }[];
  /** Items still waiting (of the current user), oldest first. */
  pending: QueueItem[];
  /** The answer that stopped the round (network, 401, 429, 5xx), or null when the queue was emptied. */
  stoppedBy: SendOutcome | null;
};

/** Oldest first; the id breaks ties so the order is stable. */
export function ordered(items: QueueItem[]): QueueItem[] {
  return [...items].sort((a, b) => (a.creato < b.creato ? -1 : a.creato > b.creato ? 1 : a.id_richiesta.localeCompare(b.id_richiesta)));
}

export class PunchQueue {
  private running: Promise<FlushReport> | null = null;
  private again = false;

  constructor(
    private readonly storage: QueueStorage,
    private readonly sender: Sender,
    /** The current user; null/undefined = send every item. */
    private readonly owner: () => number | null | undefined = () => undefined,
  ) {}

  private mine(item: QueueItem): boolean {
    const me = this.owner();
    return me === null || me === undefined || item.utente === null || item.utente === undefined || item.utente === me;
  }

  /** Items waiting to be sent (current user), oldest first. */
  async pending(): Promise<QueueItem[]> {
    return ordered((await this.storage.all()).filter((i) => this.mine(i)));
  }

  /** Stores a punch (it survives a closed page or a reboot) before any attempt to send it. */
  async enqueue(item: QueueItem): Promise<void> {
    await this.storage.put(item);
  }

  private async round(report: FlushReport): Promise<void> {
    for (const item of await this.pending()) {
      let outcome: SendOutcome;
      try {
        outcome = await this.sender(item);
      } catch {
        outcome = { status: 0 };
      }
      const d = decide(outcome.status);
      if (d === 'retry') {
        report.stoppedBy = outcome;
        return;
      }
      await this.storage.remove(item.id_richiesta);
      (d === 'sent' ? report.sent : report.refused).push({ item, outcome });
    }
  }

  /**
   * Sends the waiting items in order. Concurrent calls share one run; a call made while a run is
   * in progress makes it go round once more, so an item enqueued meanwhile is not left behind.
   */
  flush(): Promise<FlushReport> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      const report: FlushReport = { sent: [], refused: [], pending: [], stoppedBy: null };
      do {
        this.again = false;
        report.stoppedBy = null;
        await this.round(report);
      } while (this.again && !report.stoppedBy);
      report.pending = await this.pending();
      return report;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}

/**
 * When the connection comes back, the phone says "online" before its network really carries requests (Wi-Fi still
 * associating, DNS not answering): a round that then finds no network is tried again after these delays, not only at
 * the next 30 s retry. Null = no quicker retry left (the periodic one goes on).
 */
const RETRY_AFTER_ONLINE_MS = [2_000, 5_000, 10_000] as const;
export function retryAfterOnline(attempt: number, report: FlushReport): number | null {
  if (report.stoppedBy?.status !== 0 || report.pending.length === 0) return null;
  return RETRY_AFTER_ONLINE_MS[attempt] ?? null;
}

/** In-memory storage (tests, and browsers without IndexedDB). */
export function memoryStorage(initial: QueueItem[] = []): QueueStorage & { items: Map<string, QueueItem> } {
  const items = new Map(initial.map((i) => [i.id_richiesta, i]));
  return {
    items,
    all: async () => [...items.values()],
    put: async (i) => void items.set(i.id_richiesta, i),
    remove: async (id) => void items.delete(id),
  };
}
