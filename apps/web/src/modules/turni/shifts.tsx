/** Shifts as the other screens show them: their type, their bands' minutes, the list of every shift, the badge. */
import type { CSSProperties } from 'react';
import { useQuery } from '@tanstack/react-query';
import { type ResourceRow } from '@tulip/contract';
import { RES_TURNI } from '@tulip/contract/wire';
import { solidColors, tint } from '../../platform/colors';
import { listOf } from '../../platform/api';

/** A band of a shift, as the contract's resource answers it. */
export type Fascia = TurnoRow['fasce'][number];
/** A shift as the contract's resource answers it. */
export type TurnoRow = ResourceRow<typeof RES_TURNI>;

/** Minutes of a band; a band ending at or before its start ends the next day. */
export function minutiFascia(f: Fascia): number {
  const toMin = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
  const a = toMin(f.inizio);
  const b = toMin(f.fine);
  return b > a ? b - a : b + 1440 - a;
}

export function minutiTeoriciTurno(t: Pick<TurnoRow, 'fasce' | 'minuti_teorici'>): number {
  if (typeof t.minuti_teorici === 'number') return t.minuti_teorici;
  return (t.fasce ?? []).reduce((s, f) => s + minutiFascia(f), 0);
}

export function fasceText(fasce: Fascia[] | null | undefined): string {
  return (fasce ?? []).map((f) => `${f.inizio.slice(0, 5)}–${f.fine.slice(0, 5)}`).join(', ');
}

/** Every shift (GET /api/turni, one page of up to 1000). */
export function useTurni(enabled = true) {
  return useQuery({
    queryKey: ['resource', RES_TURNI.path, 'all'],
    queryFn: () => listOf(RES_TURNI, { page: 1, size: 1000, sort: 'codice' }),
    enabled,
    staleTime: 60_000,
    select: (a) => (Array.isArray(a?.rows) ? a.rows : []),
  });
}

/** Small coloured shift code. */
export function TurnoBadge({ codice, colore, muted, title }: { codice: string; colore?: string | null; muted?: boolean; title?: string }) {
  const style: CSSProperties = muted
    ? { background: tint(colore, 0.18), color: 'rgba(0,0,0,0.75)', borderColor: tint(colore, 0.5) }
    : (() => {
        const c = solidColors(colore);
        return { ...c, borderColor: c.background };
      })();
  return (
    <span className={`tl-turno${muted ? '' : ' tl-turno--forte'}`} style={style} title={title}>
      {codice}
    </span>
  );
}
