/** Shapes and small pieces of the justification screens (docs/api-presenze.md). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Popconfirm, Popover, Space, Tag, Tooltip } from 'antd';
import { CheckOutlined, CloseOutlined, StopOutlined } from '@ant-design/icons';
import { dayjs, formatDate } from '../../platform/formats';
import { call, listOf } from '../../platform/api';
import { useLookup } from '../../platform/queries';
import { type ResourceRow, type TGiustificativo } from '@tulip/contract';
import { OPS_GIUSTIFICATIVI, RES_CAUSALI } from '@tulip/contract/wire';
import { formatMinuti } from '../../components/minuti';
import { solidColors } from '../../platform/colors';

export type StatoGiustificativo = TGiustificativo['stato'];

/** A leave type as the contract's resource answers it. */
export type CausaleRow = ResourceRow<typeof RES_CAUSALI>;

export const STATO_COLOR: Record<StatoGiustificativo, string> = {
  richiesto: 'gold',
  approvato: 'green',
  rifiutato: 'red',
  annullato: 'default',
};

export function StatoTag({ stato }: { stato: StatoGiustificativo }) {
  const { t } = useTranslation();
  return <Tag color={STATO_COLOR[stato] ?? 'default'}>{t(`giustificativi.stato_${stato}`)}</Tag>;
}

export function CausaleTag({ codice, colore, descrizione, dashed }: { codice: string; colore?: string | null; descrizione?: string; dashed?: boolean }) {
  const bg = colore || '#52c41a';
  return (
    <Tooltip title={descrizione}>
      <span
        className={`tl-causale${dashed ? ' is-pending' : ''}`}
        style={dashed ? { borderColor: bg, color: 'rgba(0,0,0,0.85)', background: '#fff' } : { ...solidColors(bg), borderColor: bg }}
      >
        {codice}
      </span>
    </Tooltip>
  );
}

/** Days of a request (both ends included). */
export const giorniDi = (r: Pick<TGiustificativo, 'dal' | 'al'>) => dayjs(r.al).diff(dayjs(r.dal), 'day') + 1;

/** "3 gg" or "2:30 h". */
export function quantita(r: Pick<TGiustificativo, 'dal' | 'al' | 'minuti'>, t: TFunction): string {
  if (r.minuti) return t('giustificativi.ore_valore', { ore: formatMinuti(r.minuti) });
  return t('giustificativi.giorni_valore', { n: giorniDi(r) });
}

export function periodo(r: Pick<TGiustificativo, 'dal' | 'al'>): string {
  return r.dal === r.al ? formatDate(r.dal) : `${formatDate(r.dal)} – ${formatDate(r.al)}`;
}

/** Every leave type: the list when readable (HR), otherwise the lookup (value = code) without details. */
export function useCausali() {
  const list = useQuery({
    queryKey: ['resource', RES_CAUSALI.path, 'all'],
    queryFn: () => listOf(RES_CAUSALI, { page: 1, size: 1000, sort: 'codice' }, { notifyError: false }),
    staleTime: 5 * 60_000,
    retry: false,
    select: (a) => (Array.isArray(a?.rows) ? a.rows : []),
  });
  const lookup = useLookup(RES_CAUSALI.path);
  const rows = list.data ?? [];
  const options = rows.length
    ? rows.filter((c) => c.attiva).map((c) => ({ value: c.codice, label: `${c.codice} - ${c.descrizione}`, causale: c as CausaleRow | undefined }))
    : (lookup.data ?? []).map((l) => ({ value: String(l.value), label: l.label, causale: undefined as CausaleRow | undefined }));
  return { options, byCodice: new Map(rows.map((c) => [c.codice, c])), loading: list.isLoading || lookup.isLoading };
}

/**
 * Approve / refuse (with an optional reason) a pending request: POST /api/giustificativi/{id}/approva|rifiuta.
 */
export function DecisioneButtons({ row, onDone, size = 'small' }: { row: TGiustificativo; onDone: () => void; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'approva' | 'rifiuta' | null>(null);
  const [open, setOpen] = useState(false);
  const [motivo, setMotivo] = useState('');
  const who = row.dipendente_nome ? `${row.dipendente_nome}, ${row.codice} ${periodo(row)}` : `${row.codice} ${periodo(row)}`;

  async function decide(azione: 'approva' | 'rifiuta') {
    setBusy(azione);
    try {
      await call(OPS_GIUSTIFICATIVI[azione], { params: { id: row.id }, body: azione === 'rifiuta' && motivo.trim() ? { motivo: motivo.trim() } : {} });
      setOpen(false);
      setMotivo('');
      onDone();
    } catch {
      /* notified */
    } finally {
      setBusy(null);
    }
  }

  return (
    <Space size={4}>
      <Button size={size} type="primary" icon={<CheckOutlined />} loading={busy === 'approva'} aria-label={t('giustificativi.approva_di', { chi: who })} onClick={() => void decide('approva')}>
        {t('giustificativi.approva')}
      </Button>
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        title={t('giustificativi.rifiuta_titolo')}
        content={
          <Space orientation="vertical" style={{ width: 280 }}>
            <Input.TextArea
              aria-label={t('giustificativi.motivo_rifiuto')}
              placeholder={t('giustificativi.motivo_rifiuto_facoltativo')}
              rows={2}
              maxLength={300}
              value={motivo}
              onChange={(e) => setMotivo(e.target.value)}
            />
            <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
              <Button size="small" onClick={() => setOpen(false)}>
                {t('ui.annulla')}
              </Button>
              <Button size="small" danger type="primary" loading={busy === 'rifiuta'} onClick={() => void decide('rifiuta')}>
                {t('giustificativi.conferma_rifiuto')}
              </Button>
            </Space>
          </Space>
        }
      >
        <Button size={size} danger icon={<CloseOutlined />} aria-label={t('giustificativi.rifiuta_di', { chi: who })}>
          {t('giustificativi.rifiuta')}
        </Button>
      </Popover>
    </Space>
  );
}

/** Cancel one's own request (POST /api/giustificativi/{id}/annulla). */
export function AnnullaButton({ row, onDone }: { row: TGiustificativo; onDone: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Popconfirm
      title={t('giustificativi.conferma_annulla')}
      okText={t('giustificativi.annulla_richiesta')}
      cancelText={t('ui.chiudi')}
      okButtonProps={{ danger: true, loading: busy }}
      onConfirm={async () => {
        setBusy(true);
        try {
          await call(OPS_GIUSTIFICATIVI.annulla, { params: { id: row.id }, body: {} });
          onDone();
        } catch {
          /* notified */
        } finally {
          setBusy(false);
        }
      }}
    >
      <Button size="small" icon={<StopOutlined />} aria-label={t('giustificativi.annulla_richiesta_di', { chi: `${row.codice} ${periodo(row)}` })}>
        {t('giustificativi.annulla_richiesta')}
      </Button>
    </Popconfirm>
  );
}
