/**
 * The weekly grid (issue #15): a person's week by order and phase, Monday to Sunday, typed as h:mm or hours (7,5),
 * moved across with the arrows, Tab and Enter; beneath it the day's total against the timecard's worked minutes, the
 * difference marked when it is over the tolerance. Rows are added from the visible orders or copied from last week;
 * the week is saved and sent for approval. Read-only once sent or approved, on the days of a closed month and on the
 * orders that are suspended or closed; a cell never goes below what timers and reports recorded.
 * One component for the employee's own week and for a manager's view of someone's (with the decisions' buttons).
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Input, Modal, Row, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CopyOutlined, DeleteOutlined, LockOutlined, PlusOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import type { TSettimana } from '@tulip/contract';
import { OPS_RILEVAZIONE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { capitalize, dayjs, formatDate } from '../../platform/formats';
import { notifyNegative, notifyPositive } from '../../platform/notifications/store';
import { tableFit } from '../../components/tableFit';
import { CommessaSelect, FaseSelect, ore, StatoTag, useCommessa } from '../commesse';
import { notificaErrore, SettimanaNav, StatoSettimanaTag } from './common';
import {
  chiaveRiga, conSegno, erroreCella, fuoriTolleranza, giorniSettimana, minutiCella, prossimaCella, righeCopiate, righeDa, righeDaSalvare, spostaSettimana, testoMinuti,
  totaliGiorno, type Direzione, type RigaGriglia,
} from './griglia';

/** The query key of a person's week (`mia`: the caller's own). */
export const chiaveSettimana = (dipendenteId: number | undefined, settimana: string) => ['rilevazione', 'settimana', dipendenteId ?? 'mia', settimana];

const leggiSettimana = (dipendenteId: number | undefined, settimana: string) => call(OPS_RILEVAZIONE.settimana, { query: { dipendente: dipendenteId, settimana } });

const somma = (xs: number[]) => xs.reduce((s, x) => s + (Number.isNaN(x) ? 0 : x), 0);

/** Adds a row: an order among those the person may see, then its phase. */
function AggiungiRiga({ onAdd }: { onAdd: (r: RigaGriglia) => void }) {
  const { t } = useTranslation();
  const [commessaId, setCommessaId] = useState<number | null>(null);
  const [faseId, setFaseId] = useState<number | null>(null);
  const commessa = useCommessa(commessaId);
  const c = commessa.data?.id === commessaId ? commessa.data : undefined;
  const fasi = c?.fasi ?? [];
  const nonAttiva = c && c.stato !== 'aperta';
  const pronta = !!c && !nonAttiva && (fasi.length === 0 || !!faseId);

  function add() {
    if (!c || !pronta) return;
    const f = fasi.find((x) => x.id === faseId);
    onAdd({
      commessa_id: c.id, commessa_codice: c.codice, commessa_descrizione: c.descrizione, commessa_stato: c.stato,
      fase_id: f?.id ?? null, fase_codice: f?.codice ?? null, fase_descrizione: f?.descrizione ?? null,
      minimi: [0, 0, 0, 0, 0, 0, 0], testi: ['', '', '', '', '', '', ''],
    });
    setFaseId(null);
  }

  return (
    <Space wrap className="tl-ril-aggiungi" data-testid="aggiungi-riga">
      <Typography.Text>{t('rilevazione.aggiungi_riga')}</Typography.Text>
      <CommessaSelect
        value={commessaId}
        onChange={(v: number | undefined) => {
          setCommessaId(v ?? null);
          setFaseId(null);
        }}
        style={{ width: 300 }}
        testId="aggiungi-commessa"
      />
      <FaseSelect commessaId={commessaId} value={faseId} onChange={setFaseId} style={{ width: 240 }} aria-label={t('rilevazione.fase')} placeholder="rilevazione.scegli_fase" data-testid="aggiungi-fase" />
      <Button icon={<PlusOutlined />} disabled={!pronta} onClick={add} data-testid="aggiungi-riga-ok">
        {t('rilevazione.aggiungi')}
      </Button>
      {nonAttiva ? <Typography.Text type="danger">{t('avvisi.commessa_non_attiva', { codice: c.codice, stato: t(`commesse.stato_${c.stato}`) })}</Typography.Text> : null}
    </Space>
  );
}

export function GrigliaSettimana({
  dipendenteId,
  settimana,
  onSettimana,
  decisioni,
}: {
  /** Whose week: left out, the caller's own. */
  dipendenteId?: number;
  settimana: string;
  onSettimana: (s: string) => void;
  /** The decisions on the week (approve, send back, reopen), shown beside its state. */
  decisioni?: (w: TSettimana) => ReactNode;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const key = chiaveSettimana(dipendenteId, settimana);
  const week = useQuery({ queryKey: key, queryFn: () => leggiSettimana(dipendenteId, settimana), staleTime: 0 });
  const data = week.data?.settimana === settimana ? week.data : undefined;
  const [righe, setRighe] = useState<RigaGriglia[]>([]);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<'salva' | 'invia' | 'copia' | null>(null);
  const griglia = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!data) return;
    setRighe(righeDa(data));
    setDirty(false);
  }, [data]);

  const giorni = data?.giorni ?? giorniSettimana(settimana);
  const oggi = dayjs().format('YYYY-MM-DD');
  const bozza = data?.stato === 'bozza';
  const editabile = (r: number, c: number) => !!data && bozza && !data.chiusi[c] && righe[r]?.commessa_stato === 'aperta';
  const errori = righe.some((r, i) => r.testi.some((x, c) => editabile(i, c) && erroreCella(x, r.minimi[c])));
  const totali = totaliGiorno(righe);
  const lavorati = data?.lavorati_giorno ?? [0, 0, 0, 0, 0, 0, 0];
  const tolleranza = data?.tolleranza ?? 0;
  const giornoLungo = (d: string) => `${capitalize(dayjs(d).format('dddd'))} ${formatDate(d)}`;

  const focus = (r: number, c: number) => {
    const el = griglia.current?.querySelector<HTMLInputElement>(`input[data-cella="${r}:${c}"]`);
    el?.focus();
    el?.select();
  };

  function scrivi(r: number, c: number, testo: string) {
    setRighe((rs) => rs.map((x, i) => (i === r ? { ...x, testi: x.testi.map((v, j) => (j === c ? testo : v)) } : x)));
    setDirty(true);
  }

  function tasto(e: KeyboardEvent<HTMLInputElement>, r: number, c: number) {
    const el = e.currentTarget;
    const len = el.value.length;
    const tutto = el.selectionStart === 0 && el.selectionEnd === len;
    let dir: Direzione | null = null;
    if (e.key === 'ArrowUp' || (e.key === 'Enter' && e.shiftKey)) dir = 'su';
    else if (e.key === 'ArrowDown' || e.key === 'Enter') dir = 'giu';
    else if (e.key === 'ArrowLeft' && (tutto || el.selectionEnd === 0)) dir = 'sinistra';
    else if (e.key === 'ArrowRight' && (tutto || el.selectionStart === len)) dir = 'destra';
    if (!dir) return;
    e.preventDefault();
    const next = prossimaCella(editabile, righe.length, r, c, dir);
    if (next) focus(next.r, next.c);
  }

  function aggiungi(riga: RigaGriglia) {
    const i = righe.findIndex((r) => chiaveRiga(r) === chiaveRiga(riga));
    const primo = Math.max(0, giorni.findIndex((_, c) => !data?.chiusi[c]));
    if (i >= 0) {
      notifyNegative(t('rilevazione.riga_presente'));
      return focus(i, primo);
    }
    setRighe((rs) => [...rs, riga]);
    setDirty(true);
    setTimeout(() => focus(righe.length, primo));
  }

  function togli(r: number) {
    setRighe((rs) => rs.filter((_, i) => i !== r));
    setDirty(true);
  }

  function cambia(s: string) {
    if (!dirty) return onSettimana(s);
    void modal.confirm({
      title: t('rilevazione.modifiche_non_salvate'),
      content: t('ui.modifiche_perse'),
      okText: t('rilevazione.cambia_senza_salvare'),
      cancelText: t('ui.continua_modifica'),
      onOk: () => onSettimana(s),
    });
  }

  async function salva(): Promise<boolean> {
    setBusy('salva');
    try {
      const r = await call(OPS_RILEVAZIONE.salvaSettimana, { body: { dipendente_id: dipendenteId, settimana, righe: righeDaSalvare(righe) } }, { notifyError: false });
      qc.setQueryData(key, r.data);
      return true;
    } catch (e) {
      notificaErrore(e);
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function invia() {
    if (!data || (dirty && !(await salva()))) return;
    setBusy('invia');
    try {
      await call(OPS_RILEVAZIONE.invia, { body: { dipendente_id: data.dipendente_id, settimana } }, { notifyError: false });
      await qc.invalidateQueries({ queryKey: ['rilevazione'] });
    } catch (e) {
      notificaErrore(e);
    } finally {
      setBusy(null);
    }
  }

  async function copia() {
    const precedente = spostaSettimana(settimana, -1);
    setBusy('copia');
    try {
      const prima = await qc.fetchQuery({ queryKey: chiaveSettimana(dipendenteId, precedente), queryFn: () => leggiSettimana(dipendenteId, precedente) });
      const nuove = righeCopiate(prima, righe);
      if (!nuove.length) notifyPositive(t('rilevazione.nessuna_riga_da_copiare'));
      else {
        setRighe((rs) => [...rs, ...nuove]);
        setDirty(true);
        notifyPositive(t('rilevazione.righe_copiate', { count: nuove.length }));
      }
    } catch {
      /* notified */
    } finally {
      setBusy(null);
    }
  }

  function cella(riga: RigaGriglia, r: number, c: number) {
    const testo = riga.testi[c];
    const minimo = riga.minimi[c];
    if (!editabile(r, c)) return <span className="tl-ril-ro">{testo}</span>;
    const errore = erroreCella(testo, minimo);
    const nome = `${riga.commessa_codice}${riga.fase_codice ? ` ${riga.fase_codice}` : ''}, ${giornoLungo(giorni[c])}`;
    return (
      <div className="tl-ril-cella">
        <Tooltip title={errore ? t(errore, { minimo: ore(minimo) }) : undefined}>
          <Input
            size="small"
            value={testo}
            data-cella={`${r}:${c}`}
            aria-label={minimo ? t('rilevazione.cella_con_minimo', { nome, minimo: ore(minimo) }) : nome}
            aria-invalid={!!errore}
            status={errore ? 'error' : undefined}
            inputMode="decimal"
            autoComplete="off"
            className="tl-ril-input"
            onChange={(e) => scrivi(r, c, e.target.value)}
            onFocus={(e) => e.target.select()}
            onBlur={() => {
              const m = minutiCella(testo);
              if (!Number.isNaN(m) && testo.trim() && testoMinuti(m) !== testo) scrivi(r, c, testoMinuti(m));
            }}
            onKeyDown={(e) => tasto(e, r, c)}
          />
        </Tooltip>
        {minimo ? <div className="tl-ril-minimo">{t('rilevazione.minimo_breve', { minimo: ore(minimo) })}</div> : null}
      </div>
    );
  }

  const columns: ColumnsType<RigaGriglia> = [
    {
      key: 'riga',
      title: t('rilevazione.commessa_fase'),
      width: 240,
      render: (_, r) => (
        <div className="tl-ril-riga">
          <div className="tl-ril-riga__commessa">
            {r.commessa_codice} <span className="tl-ril-riga__descr">{r.commessa_descrizione}</span> {r.commessa_stato !== 'aperta' ? <StatoTag stato={r.commessa_stato} /> : null}
          </div>
          <div className="tl-ril-riga__fase">{r.fase_codice ? `${r.fase_codice} – ${r.fase_descrizione ?? ''}` : t('rilevazione.senza_fase')}</div>
        </div>
      ),
    },
    ...giorni.map((g, c) => ({
      key: g,
      width: 82,
      align: 'center' as const,
      className: `tl-ril-col${g === oggi ? ' is-oggi' : ''}${data?.chiusi[c] ? ' is-chiuso' : ''}`,
      title: (
        <div className="tl-ril-head" title={giornoLungo(g)}>
          <div>
            {capitalize(dayjs(g).format('ddd'))} {data?.chiusi[c] ? <LockOutlined aria-label={t('rilevazione.mese_chiuso')} /> : null}
          </div>
          <div className="tl-ril-head__data">{dayjs(g).format('DD/MM')}</div>
        </div>
      ),
      render: (_: unknown, riga: RigaGriglia, r: number) => cella(riga, r, c),
    })),
    {
      key: 'totale',
      title: t('rilevazione.totale'),
      width: 70,
      align: 'right',
      render: (_, r) => <span className="tl-ril-num">{ore(somma(r.testi.map(minutiCella)))}</span>,
    },
    ...(bozza
      ? [
          {
            key: 'azioni',
            title: <span className="tl-sr-only">{t('ui.azioni')}</span>,
            width: 44,
            render: (_: unknown, r: RigaGriglia, i: number) =>
              r.minimi.some((m) => m > 0) || r.commessa_stato !== 'aperta' ? null : (
                <Tooltip title={t('rilevazione.togli_riga')}>
                  <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('rilevazione.togli_riga_di', { riga: `${r.commessa_codice} ${r.fase_codice ?? ''}`.trim() })} onClick={() => togli(i)} />
                </Tooltip>
              ),
          },
        ]
      : []),
  ];

  /** A row beneath the grid: its label, a cell a day (what it shows), the week's total. */
  const rigaRiepilogo = (etichetta: string, celle: ReactNode[], totale: ReactNode, classe = '') => (
    <Table.Summary.Row className={`tl-ril-sum${classe}`}>
      <Table.Summary.Cell index={0}>{etichetta}</Table.Summary.Cell>
      {celle.map((c, i) => (
        <Table.Summary.Cell key={i} index={i + 1} align="center" className={`tl-ril-num${fuoriGiorno[i] && classe ? ' is-fuori' : ''}`}>
          {c}
        </Table.Summary.Cell>
      ))}
      <Table.Summary.Cell index={8} align="right" className="tl-ril-num">
        {totale}
      </Table.Summary.Cell>
      {bozza ? <Table.Summary.Cell index={9} /> : null}
    </Table.Summary.Row>
  );
  const fuoriGiorno = totali.map((m, c) => fuoriTolleranza(m, lavorati[c], tolleranza));
  const riepilogo = () => (
    <Table.Summary>
      {rigaRiepilogo(
        t('rilevazione.totale_registrato'),
        totali.map((m, c) => <span data-testid={`totale-${c}`}>{ore(m)}</span>),
        ore(somma(totali)),
      )}
      {rigaRiepilogo(
        t('rilevazione.lavorate_cartellino'),
        lavorati.map((m, c) => <span data-testid={`lavorate-${c}`}>{ore(m)}</span>),
        ore(somma(lavorati)),
      )}
      {rigaRiepilogo(
        t('rilevazione.differenza'),
        totali.map((m, c) => (
          <span data-testid={`differenza-${c}`} className={fuoriGiorno[c] ? 'tl-ril-fuori' : undefined}>
            {m || lavorati[c] ? conSegno(m - lavorati[c]) : ''}
            {fuoriGiorno[c] ? <span className="tl-sr-only">, {t('rilevazione.fuori_tolleranza')}</span> : null}
          </span>
        )),
        conSegno(somma(totali) - somma(lavorati)),
        ' tl-ril-sum--diff',
      )}
    </Table.Summary>
  );

  const chiusi = data?.chiusi.some(Boolean);
  return (
    <Card size="small" data-testid="griglia-settimana">
      {holder}
      <Row justify="space-between" align="middle" gutter={[12, 12]} style={{ marginBottom: 12 }}>
        <Col>
          <SettimanaNav settimana={settimana} onChange={cambia} />
        </Col>
        <Col>
          <Space wrap>
            {data ? <StatoSettimanaTag stato={data.stato} /> : null}
            {data ? decisioni?.(data) : null}
            {bozza ? (
              <>
                <Button icon={<CopyOutlined />} loading={busy === 'copia'} onClick={() => void copia()} data-testid="copia-settimana">
                  {t('rilevazione.copia_settimana_precedente')}
                </Button>
                <Button icon={<SaveOutlined />} type={dirty ? 'primary' : 'default'} disabled={!dirty || errori} loading={busy === 'salva'} onClick={() => void salva()} data-testid="salva-settimana">
                  {t('ui.salva')}
                </Button>
                <Button icon={<SendOutlined />} disabled={errori || !righe.length} loading={busy === 'invia'} onClick={() => void invia()} data-testid="invia-settimana">
                  {t('rilevazione.invia_approvazione')}
                </Button>
              </>
            ) : null}
          </Space>
        </Col>
      </Row>
      {data?.stato === 'bozza' && data.motivo_rifiuto ? (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('rilevazione.settimana_rinviata')} description={data.motivo_rifiuto} data-testid="motivo-rifiuto" />
      ) : null}
      {data && data.stato !== 'bozza' ? <Alert type={data.stato === 'approvata' ? 'success' : 'info'} showIcon style={{ marginBottom: 12 }} title={t(`rilevazione.sola_lettura_${data.stato}`)} /> : null}
      {chiusi ? <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('rilevazione.giorni_mese_chiuso')} /> : null}
      {errori ? <Alert type="error" showIcon style={{ marginBottom: 12 }} title={t('rilevazione.celle_da_correggere')} /> : null}
      {week.isError && !data ? <Alert type="error" showIcon style={{ marginBottom: 12 }} title={t('ui.errore_caricamento')} /> : null}
      <div ref={griglia} className="tl-ril-griglia">
        <Table<RigaGriglia>
          size="small"
          bordered
          rowKey={chiaveRiga}
          columns={columns}
          dataSource={data ? righe : []}
          loading={week.isFetching}
          pagination={false}
          {...tableFit}
          summary={riepilogo}
          locale={{ emptyText: t('rilevazione.nessuna_riga') }}
        />
      </div>
      <Typography.Paragraph type="secondary" className="tl-ril-legenda">
        {bozza ? `${t('rilevazione.come_scrivere')} ` : ''}
        {t('rilevazione.legenda', { tolleranza: ore(tolleranza) })}
      </Typography.Paragraph>
      {bozza && data?.chiusi.some((x) => !x) ? <AggiungiRiga onAdd={aggiungi} /> : null}
    </Card>
  );
}
