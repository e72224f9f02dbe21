/**
 * The tab "Dipendente" of /dotazioni/consegne: one employee's equipment. What they hold (each line returned or
 * written off from here), what their mansione's standard kit still lacks, what falls due, what they must give back
 * when they leave, their PPE training (recorded from here) and their sizes; a delivery proposed from the lacking
 * and expiring items in their sizes, or made by hand.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert, Button, Card, Col, DatePicker, Descriptions, Drawer, Empty, Form, Grid, Input, InputNumber, Modal, Popover, Radio, Row, Select, Space, Table, Tag, Typography,
} from 'antd';
import { useBusy } from '../../components/useBusy';
import type { ColumnsType } from 'antd/es/table';
import { BulbOutlined, FilePdfOutlined, PlusOutlined, RollbackOutlined, SafetyCertificateOutlined, StopOutlined } from '@ant-design/icons';
import { formazioneRichiesta, type TSchedaDipendente } from '@tulip/contract';
import { OPS_DOTAZIONI, RES_ARTICOLI_DOTAZIONE } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { dayjs, formatDate, toWireDate, UI_DATE, type Dayjs } from '../../platform/formats';
import { requiredRule } from '../../components/formRules';
import { DipendenteSelect } from '../../components/people';
import { tableFit } from '../../components/tableFit';
import { apriVerbale, CategoriaTag, lottoDi, ScadenzaTag, useTipologie } from './common';
import { righeDaProposta } from './consegna';
import { ConsegnaForm, useScheda, type ConsegnaIniziale } from './ConsegnaForm';
import { IspezioneButton } from './Ispezione';

type InDotazione = TSchedaDipendente['in_dotazione'][number];
type Mancante = TSchedaDipendente['mancanti'][number];
type Formazione = TSchedaDipendente['formazione'][number];
type Esito = 'restituito' | 'dismesso' | 'smarrito';

export function DipendenteTab({ dipendenteId, onDipendente }: { dipendenteId: number | null; onDipendente: (id: number | null) => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="tab-dipendente">
      <Space wrap style={{ marginBottom: 16 }}>
        <DipendenteSelect allowClear style={{ width: 320, maxWidth: '100%' }} value={dipendenteId} onChange={((v?: number) => onDipendente(v ?? null)) as never} />
      </Space>
      {dipendenteId ? <Scheda id={dipendenteId} /> : <Empty description={t('dotazioni.scegli_dipendente')} />}
    </div>
  );
}

function Scheda({ id }: { id: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const screens = Grid.useBreakpoint();
  const scheda = useScheda(id);
  const tipologie = useTipologie();
  const [consegna, setConsegna] = useState<(ConsegnaIniziale & { n: number }) | null>(null);
  const [proponendo, setProponendo] = useState(false);
  const [formazione, setFormazione] = useState<{ tipologia_id?: number } | null>(null);
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: ['dotazioni'] }), qc.invalidateQueries({ queryKey: ['resource', RES_ARTICOLI_DOTAZIONE.path] })]);

  async function proponi() {
    setProponendo(true);
    try {
      const p = await call(OPS_DOTAZIONI.proposta, { params: { id }, query: { giorni: 30 } });
      setConsegna({ causale: p.causale, righe: righeDaProposta(p, tipologie.data ?? []), proposta: true, n: Date.now() });
    } catch {
      /* notified */
    } finally {
      setProponendo(false);
    }
  }

  if (scheda.isError) return <Alert type="error" showIcon title={t('ui.errore_caricamento')} />;
  const s = scheda.data;
  if (!s) return <Card loading />;
  const d = s.dipendente;
  const cessato = !!d.data_cessazione;

  return (
    <div data-testid="scheda-dipendente">
      <Card style={{ marginBottom: 16 }}>
        <Row gutter={[16, 12]} align="middle" justify="space-between">
          <Col xs={24} lg={14}>
            <Descriptions size="small" column={{ xs: 1, sm: 2 }} title={`${d.nome} (${d.matricola})`} data-testid="scheda-intestazione">
              <Descriptions.Item label={t('dotazioni.reparto')}>{d.reparto_descrizione ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('dotazioni.mansione')}>{d.mansione_descrizione ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('dotazioni.data_assunzione')}>{formatDate(d.data_assunzione)}</Descriptions.Item>
              <Descriptions.Item label={t('dotazioni.data_cessazione')}>{cessato ? <Tag color="red">{formatDate(d.data_cessazione)}</Tag> : '—'}</Descriptions.Item>
            </Descriptions>
          </Col>
          <Col xs={24} lg={10}>
            <Space wrap style={{ justifyContent: 'flex-end', width: '100%' }}>
              <Button type="primary" icon={<BulbOutlined />} loading={proponendo} disabled={cessato} onClick={() => void proponi()} data-testid="proponi-consegna">
                {t('dotazioni.proponi_consegna')}
              </Button>
              <Button icon={<PlusOutlined />} disabled={cessato} onClick={() => setConsegna({ causale: 'prima_consegna', righe: [], n: Date.now() })} data-testid="nuova-consegna">
                {t('dotazioni.nuova_consegna')}
              </Button>
              <Button icon={<SafetyCertificateOutlined />} onClick={() => setFormazione({})} data-testid="registra-formazione">
                {t('dotazioni.registra_formazione')}
              </Button>
            </Space>
          </Col>
        </Row>
      </Card>

      {s.da_restituire.length ? (
        <Card
          title={t('dotazioni.da_restituire')}
          style={{ marginBottom: 16 }}
          className={cessato ? 'tl-dot-evidenza' : undefined}
          data-testid="scheda-da-restituire"
        >
          {cessato ? (
            <Alert type="error" showIcon style={{ marginBottom: 12 }} title={t('dotazioni.da_restituire_cessato', { data: formatDate(d.data_cessazione), count: s.da_restituire.length })} />
          ) : null}
          <InDotazioneTable rows={s.da_restituire} onDone={refresh} testId="tabella-da-restituire" />
        </Card>
      ) : null}

      <Card title={t('dotazioni.in_dotazione')} style={{ marginBottom: 16 }} data-testid="scheda-in-dotazione">
        <InDotazioneTable rows={s.in_dotazione} onDone={refresh} testId="tabella-in-dotazione" />
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={t('dotazioni.mancanti')} data-testid="scheda-mancanti">
            <MancantiList rows={s.mancanti} mansione={d.mansione_descrizione} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('dotazioni.in_scadenza_30')} data-testid="scheda-in-scadenza">
            <Table<InDotazione>
              size="small"
              rowKey="id"
              dataSource={s.in_scadenza}
              pagination={false}
              {...tableFit}
              locale={{ emptyText: t('dotazioni.nulla_in_scadenza') }}
              columns={[
                { key: 'tipologia', title: t('dotazioni.tipologia'), render: (_, r) => r.tipologia_descrizione },
                { key: 'articolo', title: t('dotazioni.articolo'), render: (_, r) => `${r.articolo}${r.taglia ? ` · ${r.taglia}` : ''}` },
                { key: 'scadenza', title: t('dotazioni.scadenza'), render: (_, r) => <ScadenzaTag data={r.scadenza} /> },
                { key: 'ispezione', title: t('dotazioni.ispezione'), render: (_, r) => <ScadenzaTag data={r.ispezione} ispezione /> },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            title={t('dotazioni.formazione')}
            extra={
              <Button size="small" icon={<PlusOutlined />} onClick={() => setFormazione({})}>
                {t('dotazioni.registra')}
              </Button>
            }
            data-testid="scheda-formazione"
          >
            <Table<Formazione>
              size="small"
              rowKey="id"
              dataSource={s.formazione}
              pagination={false}
              {...tableFit}
              locale={{ emptyText: t('dotazioni.nessuna_formazione') }}
              columns={[
                { key: 'tipologia', title: t('dotazioni.tipologia'), dataIndex: 'tipologia_descrizione' },
                { key: 'data', title: t('dotazioni.data'), render: (_, f) => <span className="tl-dot-num">{formatDate(f.data)}</span> },
                { key: 'docente', title: t('dotazioni.docente'), dataIndex: 'docente' },
                { key: 'note', title: t('dotazioni.note'), dataIndex: 'note' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <TaglieCard s={s} onDone={refresh} />
        </Col>
      </Row>

      <Drawer
        open={!!consegna}
        onClose={() => setConsegna(null)}
        size={screens.lg ? 900 : '100%'}
        title={t('dotazioni.consegna_a', { nome: d.nome })}
        destroyOnHidden
        data-testid="consegna-drawer"
      >
        {consegna ? (
          <ConsegnaForm
            key={consegna.n}
            dipendenteId={id}
            iniziale={consegna}
            onRegistraFormazione={(tipologia_id) => setFormazione({ tipologia_id })}
            onClose={() => setConsegna(null)}
          />
        ) : null}
      </Drawer>
      <FormazioneModal dipendenteId={id} aperta={formazione} onClose={() => setFormazione(null)} onDone={refresh} />
    </div>
  );
}

/** What the employee holds, each line with its due dates and the return or write-off of it. */
function InDotazioneTable({ rows, onDone, testId }: { rows: InDotazione[]; onDone: () => Promise<unknown>; testId: string }) {
  const { t } = useTranslation();
  const columns: ColumnsType<InDotazione> = [
    {
      key: 'tipologia', title: t('dotazioni.tipologia'),
      render: (_, r) => (
        <Space size={4} wrap>
          <span>{r.tipologia_descrizione}</span>
          {r.dpi ? <CategoriaTag categoria={r.categoria} /> : null}
          {r.restituibile ? <Tag color="blue">{t('dotazioni.restituibile')}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'articolo', title: t('dotazioni.articolo'),
      render: (_, r) => (
        <div>
          <div>{r.articolo}</div>
          {r.numero_serie ? <div className="tl-dot-meta">{t('dotazioni.sn', { numero: r.numero_serie })}</div> : null}
          {lottoDi(r, t) ? <div className="tl-dot-meta">{lottoDi(r, t)}</div> : null}
        </div>
      ),
    },
    { key: 'taglia', title: t('dotazioni.taglia'), render: (_, r) => r.taglia ?? '' },
    { key: 'quantita', title: t('dotazioni.qta'), align: 'right', render: (_, r) => <span className="tl-dot-num">{r.in_dotazione}</span> },
    { key: 'consegnata', title: t('dotazioni.consegnata_il'), render: (_, r) => <span className="tl-dot-num">{formatDate(r.data_consegna)}</span> },
    { key: 'scadenza', title: t('dotazioni.scadenza'), render: (_, r) => <ScadenzaTag data={r.scadenza} /> },
    { key: 'ispezione', title: t('dotazioni.ispezione'), render: (_, r) => <ScadenzaTag data={r.ispezione} ispezione /> },
    {
      key: 'azioni', title: t('ui.azioni'), align: 'right', fixed: 'right',
      render: (_, r) => (
        <Space size={4} wrap={false}>
          <Button size="small" type="text" icon={<FilePdfOutlined />} aria-label={t('dotazioni.verbale_di', { data: formatDate(r.data_consegna) })} title={t('dotazioni.verbale')} onClick={() => void apriVerbale(r.consegna_id)} />
          {r.ispezione ? <IspezioneButton rigaId={r.id} nome={`${r.tipologia_descrizione}, ${r.articolo}`} onDone={onDone} /> : null}
          <ResoButton riga={r} esito="restituito" onDone={onDone} />
          <ResoButton riga={r} esito="dismesso" onDone={onDone} />
        </Space>
      ),
    },
  ];
  return (
    <div data-testid={testId}>
      <Table<InDotazione>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        pagination={false}
        {...tableFit}
        onRow={(r) => ({ 'data-testid': `dotazione-${r.id}` }) as React.HTMLAttributes<HTMLTableRowElement>}
        locale={{ emptyText: t('dotazioni.nulla_in_dotazione') }}
      />
    </div>
  );
}

/**
 * A return (back in stock, a unit available again) or a write-off (worn out, broken, lost): how many, when, and the
 * reason, required unless the item simply comes back.
 */
function ResoButton({ riga, esito: iniziale, onDone }: { riga: InDotazione; esito: 'restituito' | 'dismesso'; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [esito, setEsito] = useState<Esito>(iniziale);
  const [quantita, setQuantita] = useState<number>(riga.in_dotazione);
  const [data, setData] = useState<Dayjs>(() => dayjs());
  const [motivo, setMotivo] = useState('');
  const [manca, setManca] = useState(false);
  const [busy, run] = useBusy();
  const reso = iniziale === 'restituito';
  const nome = `${riga.tipologia_descrizione}, ${riga.articolo}`;

  async function conferma() {
    if (esito !== 'restituito' && !motivo.trim()) return setManca(true);
    await run(async () => {
      await call(OPS_DOTAZIONI.reso, { body: { riga_id: riga.id, data: toWireDate(data)!, quantita, esito, motivo: motivo.trim() || null } });
      setOpen(false);
      await onDone();
    });
  }

  return (
    <Popover
      open={open}
      trigger="click"
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setEsito(iniziale);
          setQuantita(riga.in_dotazione);
          setMotivo('');
          setManca(false);
        }
      }}
      title={t(reso ? 'dotazioni.reso_titolo' : 'dotazioni.dismissione_titolo', { nome })}
      content={
        <Space orientation="vertical" style={{ width: 300, maxWidth: '80vw' }} data-testid={`reso-${riga.id}-popover`}>
          <Radio.Group
            value={esito}
            onChange={(e) => {
              setEsito(e.target.value as Esito);
              setManca(false);
            }}
            aria-label={t('dotazioni.esito')}
            options={(['restituito', 'dismesso', 'smarrito'] as const).map((x) => ({ value: x, label: t(`dotazioni_valori.esito_${x}`) }))}
          />
          <Space wrap>
            {riga.in_dotazione > 1 ? (
              <InputNumber aria-label={t('dotazioni.quantita')} min={1} max={riga.in_dotazione} precision={0} value={quantita} onChange={(v) => setQuantita(v ?? 1)} />
            ) : null}
            <DatePicker aria-label={t('dotazioni.data')} format={UI_DATE} value={data} allowClear={false} onChange={(d) => d && setData(d)} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
          </Space>
          <Input.TextArea
            aria-label={t('dotazioni.motivo')}
            placeholder={t(esito === 'restituito' ? 'dotazioni.motivo_facoltativo' : 'dotazioni.motivo_obbligatorio')}
            rows={2}
            maxLength={300}
            value={motivo}
            status={manca ? 'error' : undefined}
            aria-invalid={manca}
            onChange={(e) => {
              setMotivo(e.target.value);
              setManca(false);
            }}
          />
          {manca ? <Typography.Text type="danger">{t('dotazioni.motivo_richiesto')}</Typography.Text> : null}
          <Button type="primary" danger={esito !== 'restituito'} block loading={busy} onClick={() => void conferma()} data-testid={`reso-${riga.id}-conferma`}>
            {t(esito === 'restituito' ? 'dotazioni.registra_reso' : 'dotazioni.registra_dismissione')}
          </Button>
        </Space>
      }
    >
      <Button
        size="small"
        type="text"
        danger={!reso}
        icon={reso ? <RollbackOutlined /> : <StopOutlined />}
        aria-label={t(reso ? 'dotazioni.reso_di' : 'dotazioni.dismissione_di', { nome })}
        title={t(reso ? 'dotazioni.reso' : 'dotazioni.dismissione')}
        data-testid={`${reso ? 'reso' : 'dismissione'}-${riga.id}`}
      />
    </Popover>
  );
}

function MancantiList({ rows, mansione }: { rows: Mancante[]; mansione: string | null }) {
  const { t } = useTranslation();
  if (!mansione) return <Typography.Text type="secondary">{t('dotazioni.senza_mansione')}</Typography.Text>;
  return (
    <Table<Mancante>
      size="small"
      rowKey="tipologia_id"
      dataSource={rows}
      pagination={false}
      {...tableFit}
      locale={{ emptyText: t('dotazioni.kit_completo', { mansione }) }}
      columns={[
        { key: 'tipologia', title: t('dotazioni.tipologia'), dataIndex: 'tipologia_descrizione' },
        { key: 'quantita', title: t('dotazioni.mancano'), align: 'right', render: (_, m) => <span className="tl-dot-num">{m.quantita}</span> },
        {
          key: 'note', title: t('dotazioni.stato'),
          render: (_, m) => (
            <Space size={4} wrap>
              {m.obbligatoria ? <Tag color="red">{t('dotazioni.obbligatoria')}</Tag> : <Tag>{t('dotazioni.facoltativa')}</Tag>}
              {m.scaduti ? <Tag color="orange">{t('dotazioni.scaduti_n', { count: m.scaduti })}</Tag> : null}
            </Space>
          ),
        },
      ]}
    />
  );
}

/** The employee's sizes, used to fill a delivery's lines. */
function TaglieCard({ s, onDone }: { s: TSchedaDipendente; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ scarpe?: string; abbigliamento?: string; guanti?: string }>();
  const [busy, run] = useBusy();
  async function salva(v: { scarpe?: string; abbigliamento?: string; guanti?: string }) {
    await run(async () => {
      await call(OPS_DOTAZIONI.taglie, {
        params: { id: s.dipendente.id },
        body: { scarpe: v.scarpe?.trim() || null, abbigliamento: v.abbigliamento?.trim() || null, guanti: v.guanti?.trim() || null },
      });
      await onDone();
    });
  }
  return (
    <Card title={t('dotazioni.taglie')} data-testid="scheda-taglie">
      <Form
        form={form}
        layout="vertical"
        initialValues={{ scarpe: s.taglie.scarpe ?? '', abbigliamento: s.taglie.abbigliamento ?? '', guanti: s.taglie.guanti ?? '' }}
        onFinish={(v) => void salva(v)}
        key={JSON.stringify(s.taglie)}
      >
        <Row gutter={12}>
          {(['scarpe', 'abbigliamento', 'guanti'] as const).map((k) => (
            <Col xs={8} key={k}>
              <Form.Item name={k} label={t(`dotazioni_valori.taglia_${k}`)} rules={[{ pattern: /^[A-Za-z0-9./-]*$/, message: t('dotazioni.taglia_non_valida') }]}>
                <Input maxLength={10} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Button htmlType="submit" loading={busy} data-testid="taglie-salva">
          {t('dotazioni.salva_taglie')}
        </Button>
      </Form>
    </Card>
  );
}

/** The training given on a type of DPI (D.Lgs 81/2008 art. 77 c. 5): the type, the day, who gave it. */
export function FormazioneModal({ dipendenteId, aperta, onClose, onDone }: {
  dipendenteId: number;
  aperta: { tipologia_id?: number } | null;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={!!aperta} title={t('dotazioni.registra_formazione')} onCancel={onClose} footer={null} destroyOnHidden>
      {aperta ? <FormazioneForm dipendenteId={dipendenteId} tipologiaId={aperta.tipologia_id} onClose={onClose} onDone={onDone} /> : null}
    </Modal>
  );
}

/** Mounted with the modal: it starts from the type asked (a line's missing training) and today. */
function FormazioneForm({ dipendenteId, tipologiaId, onClose, onDone }: { dipendenteId: number; tipologiaId?: number; onClose: () => void; onDone: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const tipologie = useTipologie();
  const [form] = Form.useForm<{ tipologia_id?: number; data: Dayjs; docente?: string; note?: string }>();
  const [busy, run] = useBusy();
  // the types that require training first, then the other DPI
  const opzioni = (tipologie.data ?? [])
    .filter((x) => x.attivo && (x.dpi || formazioneRichiesta(x)))
    .sort((a, b) => Number(formazioneRichiesta(b)) - Number(formazioneRichiesta(a)) || a.descrizione.localeCompare(b.descrizione))
    .map((x) => ({ value: x.id, label: formazioneRichiesta(x) ? t('dotazioni.tipologia_con_formazione', { tipologia: x.descrizione }) : x.descrizione }));

  async function salva(v: { tipologia_id?: number; data: Dayjs; docente?: string; note?: string }) {
    await run(async () => {
      await call(OPS_DOTAZIONI.formazione, {
        body: { dipendente_id: dipendenteId, tipologia_id: v.tipologia_id!, data: toWireDate(v.data)!, docente: v.docente!.trim(), note: v.note?.trim() || null },
      });
      await onDone();
      onClose();
    });
  }

  return (
    <Form form={form} layout="vertical" initialValues={{ tipologia_id: tipologiaId, data: dayjs() }} onFinish={(v) => void salva(v)} data-testid="formazione-form">
      <Typography.Paragraph type="secondary">{t('dotazioni.formazione_aiuto')}</Typography.Paragraph>
      <Form.Item name="tipologia_id" label={t('dotazioni.tipologia')} rules={[requiredRule(t, 'dotazioni.tipologia')]}>
        <Select showSearch={{ optionFilterProp: 'label' }} options={opzioni} placeholder={t('ui.seleziona')} notFoundContent={t('ui.nessun_dato')} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={10}>
          <Form.Item name="data" label={t('dotazioni.data')} rules={[requiredRule(t, 'dotazioni.data')]}>
            <DatePicker format={UI_DATE} style={{ width: '100%' }} allowClear={false} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14}>
          <Form.Item name="docente" label={t('dotazioni.docente')} rules={[requiredRule(t, 'dotazioni.docente', { whitespace: true })]}>
            <Input maxLength={120} placeholder={t('dotazioni.docente_esempio')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="note" label={t('dotazioni.note')}>
        <Input.TextArea rows={2} maxLength={300} />
      </Form.Item>
      <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={onClose}>{t('ui.annulla')}</Button>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="formazione-salva">
          {t('ui.salva')}
        </Button>
      </Space>
    </Form>
  );
}
