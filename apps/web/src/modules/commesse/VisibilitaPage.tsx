import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Row, Space, Switch, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { SaveOutlined } from '@ant-design/icons';
import { ZVisibilita, type OpResult } from '@tulip/contract';
import { OPS_COMMESSE, RES_DIPENDENTI, RES_MANSIONI, RES_REPARTI } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { LookupSelect } from '../../components/LookupSelect';
import { DipendenteSelect } from '../../components/people';
import { SearchInput } from '../../components/SearchInput';
import { tableFit } from '../../components/tableFit';
import { formBody, useZodSubmit } from '../../components/useZodSubmit';
import { CommessaSelect, MotiviTags, ReportLink, ScegliCommessa, StatoTag } from './common';

type Persona = OpResult<typeof OPS_COMMESSE.persone>[number];
type Visibile = OpResult<typeof OPS_COMMESSE.visibiliA>[number];
type Regole = { tutti: boolean; reparti: number[]; mansioni: number[]; dipendenti: number[] };
const CAMPI: (keyof Regole)[] = ['tutti', 'reparti', 'mansioni', 'dipendenti'];

/** A search over a list already loaded: the rows whose texts contain it, and the search box. */
function useFiltro<T>(rows: T[] | undefined, text: (r: T) => string, disabled = false) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const shown = useMemo(() => {
    const s = q.trim().toLowerCase();
    return (rows ?? []).filter((r) => !s || text(r).toLowerCase().includes(s));
    // text reads only the row
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, q]);
  const box = (
    <SearchInput allowClear aria-label={t('ui.cerca')} placeholder={t('ui.cerca')} style={{ width: 220 }} disabled={disabled} onChange={(e) => setQ(e.target.value)} onSearch={setQ} />
  );
  return { shown, box };
}

/** A list of people or orders with their reasons, paged in the browser. */
function Elenco<T extends { id: number }>({ rows, columns, loading, emptyText, testId }: { rows: T[]; columns: ColumnsType<T>; loading: boolean; emptyText: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
      <Table<T>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={loading}
        {...tableFit}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: t(emptyText) }}
      />
    </div>
  );
}

/** The rules of one order (everyone, departments, roles, named employees: any one admits) and who they admit. */
function RegoleCommessa({ commessaId }: { commessaId: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Regole>();
  const { saving, submit } = useZodSubmit(form, { fields: CAMPI });
  const tutti = Form.useWatch('tutti', form);
  const regole = useQuery({
    queryKey: ['commesse', 'visibilita', commessaId],
    queryFn: () => call(OPS_COMMESSE.visibilita, { params: { id: commessaId } }),
  });
  const persone = useQuery({
    queryKey: ['commesse', 'visibilita', commessaId, 'persone'],
    queryFn: () => call(OPS_COMMESSE.persone, { params: { id: commessaId } }),
  });
  useEffect(() => {
    if (regole.data) form.setFieldsValue(regole.data);
  }, [regole.data, form]);
  const filtro = useFiltro(persone.data, (p) => `${p.matricola} ${p.cognome} ${p.nome} ${p.reparto_descrizione ?? ''} ${p.mansione_descrizione ?? ''}`);

  const save = () =>
    submit(
      ZVisibilita,
      (v) => formBody(v, CAMPI),
      async (body) => {
        await call(OPS_COMMESSE.salvaVisibilita, { params: { id: commessaId }, body });
        await qc.invalidateQueries({ queryKey: ['commesse', 'visibilita', commessaId] });
        await qc.invalidateQueries({ queryKey: ['lookup'] });
      },
    );

  const columns: ColumnsType<Persona> = [
    { key: 'matricola', title: t('commesse.matricola'), dataIndex: 'matricola', width: 110 },
    { key: 'nome', title: t('commesse.dipendente'), render: (_, p) => `${p.cognome} ${p.nome}` },
    { key: 'reparto', title: t('commesse.reparto'), dataIndex: 'reparto_descrizione' },
    { key: 'mansione', title: t('commesse.mansione'), dataIndex: 'mansione_descrizione' },
    { key: 'motivi', title: t('commesse.motivi'), render: (_, p) => <MotiviTags motivi={p.motivi} /> },
  ];

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={10}>
        <Card
          title={t('commesse.regole')}
          loading={regole.isLoading}
          extra={
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="visibilita-salva">
              {t('ui.salva')}
            </Button>
          }
        >
          <Form form={form} layout="vertical" name="visibilita" onFinish={() => void save()} data-testid="visibilita-form">
            <Form.Item name="tutti" label={t('commesse.visibile_tutti')} valuePropName="checked" extra={t('commesse.visibile_tutti_extra')}>
              <Switch />
            </Form.Item>
            <Typography.Paragraph type="secondary">{t('commesse.regole_or')}</Typography.Paragraph>
            <Form.Item name="reparti" label={t('commesse.reparti')}>
              <LookupSelect path={RES_REPARTI.path} numeric multiple disabled={tutti} />
            </Form.Item>
            <Form.Item name="mansioni" label={t('commesse.mansioni')}>
              <LookupSelect path={RES_MANSIONI.path} numeric multiple disabled={tutti} />
            </Form.Item>
            <Form.Item name="dipendenti" label={t('commesse.dipendenti')}>
              <LookupSelect path={RES_DIPENDENTI.path} numeric multiple disabled={tutti} />
            </Form.Item>
            <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <Card title={t('commesse.chi_la_vede', { count: persone.data?.length ?? 0 })} extra={filtro.box}>
          <Elenco<Persona> rows={filtro.shown} columns={columns} loading={persone.isFetching} emptyText="commesse.nessuno_la_vede" testId="visibilita-persone" />
        </Card>
      </Col>
    </Row>
  );
}

/** The orders one employee sees, and why. */
function PerDipendente() {
  const { t } = useTranslation();
  const [dipendente, setDipendente] = useState<number | null>(null);
  const visibili = useQuery({
    queryKey: ['commesse', 'visibiliA', dipendente],
    queryFn: () => call(OPS_COMMESSE.visibiliA, { params: { id: dipendente! } }),
    enabled: !!dipendente,
  });
  const filtro = useFiltro(visibili.data, (c) => `${c.codice} ${c.descrizione} ${c.cliente_ragione_sociale ?? ''}`, !dipendente);
  const columns: ColumnsType<Visibile> = [
    { key: 'codice', title: t('commesse.codice'), width: 130, render: (_, c) => <ReportLink id={c.id}>{c.codice}</ReportLink> },
    { key: 'descrizione', title: t('commesse.descrizione'), dataIndex: 'descrizione' },
    { key: 'cliente', title: t('commesse.cliente'), dataIndex: 'cliente_ragione_sociale' },
    { key: 'stato', title: t('commesse.stato'), width: 100, render: (_, c) => <StatoTag stato={c.stato} /> },
    { key: 'motivi', title: t('commesse.motivi'), render: (_, c) => <MotiviTags motivi={c.motivi} /> },
  ];
  return (
    <Card>
      <Space wrap style={{ marginBottom: 12 }}>
        <DipendenteSelect value={dipendente} onChange={(v: number) => setDipendente(v ?? null)} allowClear style={{ width: 320 }} />
        {filtro.box}
      </Space>
      {dipendente ? (
        <Elenco<Visibile> rows={filtro.shown} columns={columns} loading={visibili.isFetching} emptyText="commesse.nessuna_visibile" testId="visibili-dipendente" />
      ) : (
        <Alert type="info" showIcon title={t('commesse.scegli_dipendente_testo')} />
      )}
    </Card>
  );
}

/** /commesse/visibilita: who may see and book on each order; for an employee, the orders they see. */
export function VisibilitaPage() {
  const { t } = useTranslation();
  const [commessa, setCommessa] = useState<number | null>(null);
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('menu.commesse.visibilita')}
      </Typography.Title>
      <Tabs
        items={[
          {
            key: 'commessa',
            label: t('commesse.per_commessa'),
            children: (
              <>
                <Space wrap style={{ marginBottom: 16 }}>
                  <CommessaSelect value={commessa} onChange={(v: number) => setCommessa(v ?? null)} testId="visibilita-commessa" />
                </Space>
                {commessa ? <RegoleCommessa key={commessa} commessaId={commessa} /> : <ScegliCommessa />}
              </>
            ),
          },
          { key: 'dipendente', label: t('commesse.per_dipendente'), children: <PerDipendente /> },
        ]}
      />
    </div>
  );
}
