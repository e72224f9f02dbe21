import { ConfirmDeleteButton } from '../../components/ConfirmDeleteButton';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Col,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  Row,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { EditOutlined, FileExcelOutlined, MinusCircleOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { ZTurno } from '@tulip/contract';
import { RES_TURNI } from '@tulip/contract/wire';
import { exportXlsx } from '../../components/excel';
import type { SchemaIssue } from '../../components/zodForm';
import { ApiError } from '../../platform/http';
import { notifyNegative } from '../../platform/notifications/store';
import { ColorField, ColorSwatch } from '../../components/ColorField';
import { fasceText, minutiFascia, minutiTeoriciTurno, useTurni, type TurnoRow } from './shifts';
import { formatMinuti, MinutiInput, minutiRule } from '../../components/minuti';
import { AnteprimaTurno } from './AnteprimaTurno';
import { fmtHm, formPath, RULES, toValues, turnoBody, type FasciaValues, type TurnoFormValues } from './turnoForm';
import '../../components/presenze.css';
import { SearchInput } from '../../components/SearchInput';
import { requiredRule, timeRule } from '../../components/formRules';
import { TimeField } from '../../components/TimeField';
import { tableFit } from '../../components/tableFit';
import { call, modelOf } from '../../platform/api';

/** Editor of one shift: the form and, beside it, the live preview of a day. */
function TurnoEditor({ record, onClose, onSaved }: { record: TurnoRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TurnoFormValues>();
  const [saving, setSaving] = useState(false);
  const values = Form.useWatch((v: TurnoFormValues) => v, form);
  const fasce = values?.fasce ?? [];
  const somma = fasce.reduce((s, f) => (f?.inizio && f?.fine ? s + minutiFascia({ inizio: fmtHm(f.inizio), fine: fmtHm(f.fine) }) : s), 0);

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toValues(record));
  }, [record, form]);

  async function save() {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const body = turnoBody(form.getFieldsValue(true) as TurnoFormValues);
    const parsed = ZTurno.safeParse(body);
    if (!parsed.success) {
      const issues = parsed.error.issues as SchemaIssue[];
      const shown = new Set<string>();
      const fields = issues
        .map((i) => ({ name: formPath(i.path), errors: [t(i.message.startsWith('avvisi.') ? i.message : 'avvisi.valore_non_valido')] }))
        .filter((f) => {
          const k = JSON.stringify(f.name);
          if (shown.has(k) || !f.name.length) return false;
          shown.add(k);
          return true;
        });
      form.setFields(fields as never);
      const orphan = issues.find((i) => !i.path.length || (i.path[0] === 'fasce' && i.path.length === 1));
      if (orphan) notifyNegative(t(orphan.message.startsWith('avvisi.') ? orphan.message : 'avvisi.valore_non_valido'));
      return;
    }
    setSaving(true);
    try {
      if (record?.id) await call(RES_TURNI.ops.modifica, { params: { id: record.id }, body: parsed.data });
      else await call(RES_TURNI.ops.crea, { body: parsed.data });
      onSaved();
    } catch (e) {
      if (e instanceof ApiError) {
        form.setFields(Object.entries(e.fields).map(([name, key]) => ({ name: formPath(name.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p))), errors: [t(key)] })) as never);
      }
    } finally {
      setSaving(false);
    }
  }

  const ruleLabel: Record<string, string> = {
    flessibilita: 'turni.flessibilita',
    tolleranza: 'turni.tolleranza',
    arrotondamento_entrata: 'turni.arrotondamento_entrata',
    arrotondamento_uscita: 'turni.arrotondamento_uscita',
    soglia_straordinario: 'turni.soglia_straordinario',
    blocco_straordinario: 'turni.blocco_straordinario',
    pausa_minima: 'turni.pausa_minima',
    pausa_retribuita: 'turni.pausa_retribuita',
  };

  return (
    <Row gutter={24}>
      <Col xs={24} xl={14}>
        {/* No implicit submit: Enter confirms a time picker, it must not save the shift. */}
        <Form form={form} layout="vertical" name="turno" data-testid="turni-form" requiredMark>
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item name="codice" label={t('turni.codice')} rules={[requiredRule(t, 'turni.codice'), { max: 20 }]}>
                <Input maxLength={20} style={{ textTransform: 'uppercase' }} />
              </Form.Item>
            </Col>
            <Col span={10}>
              <Form.Item name="descrizione" label={t('turni.descrizione')} rules={[requiredRule(t, 'turni.descrizione'), { max: 120 }]}>
                <Input maxLength={120} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="colore" label={t('turni.colore')}>
                <ColorField />
              </Form.Item>
            </Col>
          </Row>

          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('turni.fasce')}
          </Typography.Title>
          <Form.List
            name="fasce"
            rules={[
              {
                validator: async (_, list: FasciaValues[] | undefined) => {
                  if (!list?.length) throw new Error(t('avvisi.fasce_richieste'));
                },
              },
            ]}
          >
            {(items, { add, remove }, { errors }) => (
              <div className="tl-fasce">
                {items.map((item, i) => {
                  const f = fasce[i];
                  const overnight = !!(f?.inizio && f?.fine && fmtHm(f.fine) <= fmtHm(f.inizio));
                  return (
                    <Space key={item.key} align="start" wrap className="tl-fascia">
                      <span className="tl-fascia__n">{t('turni.fascia_n', { n: i + 1 })}</span>
                      <Form.Item name={[item.name, 'inizio']} label={t('turni.inizio')} rules={[requiredRule(t, 'turni.inizio'), timeRule(t)]} style={{ marginBottom: 8 }}>
                        <TimeField minuteStep={1} placeholder="hh:mm" />
                      </Form.Item>
                      <Form.Item name={[item.name, 'fine']} label={t('turni.fine')} rules={[requiredRule(t, 'turni.fine'), timeRule(t)]} style={{ marginBottom: 8 }}>
                        <TimeField minuteStep={1} placeholder="hh:mm" />
                      </Form.Item>
                      <div className="tl-fascia__info">
                        {f?.inizio && f?.fine ? (
                          <>
                            <Tag>{formatMinuti(minutiFascia({ inizio: fmtHm(f.inizio), fine: fmtHm(f.fine) }))}</Tag>
                            {overnight ? <Tag color="purple">{t('turni.giorno_dopo')}</Tag> : null}
                          </>
                        ) : null}
                      </div>
                      {items.length > 1 ? (
                        <Tooltip title={t('turni.rimuovi_fascia')}>
                          <Button
                            type="text"
                            danger
                            icon={<MinusCircleOutlined />}
                            aria-label={t('turni.rimuovi_fascia_n', { n: i + 1 })}
                            onClick={() => remove(item.name)}
                            className="tl-fascia__remove"
                          />
                        </Tooltip>
                      ) : null}
                    </Space>
                  );
                })}
                <Form.ErrorList errors={errors} />
                <Space wrap style={{ marginBottom: 8 }}>
                  <Button icon={<PlusOutlined />} disabled={items.length >= 4} onClick={() => add({ inizio: null, fine: null })}>
                    {t('turni.aggiungi_fascia')}
                  </Button>
                  <Typography.Text type="secondary">{t('turni.fasce_hint')}</Typography.Text>
                </Space>
              </div>
            )}
          </Form.List>

          <Row gutter={16}>
            <Col span={12}>
              <Form.Item
                name="minuti_teorici"
                label={t('turni.minuti_teorici')}
                rules={[minutiRule(t('turni.formato_ore'))]}
                extra={t('turni.minuti_teorici_hint', { ore: formatMinuti(somma) || '0:00' })}
              >
                <MinutiInput placeholder={formatMinuti(somma) || 'h:mm'} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="notturno_inizio" label={t('turni.notturno_inizio')} rules={[timeRule(t)]}>
                <TimeField allowClear={false} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={6}>
              <Form.Item name="notturno_fine" label={t('turni.notturno_fine')} rules={[timeRule(t)]}>
                <TimeField allowClear={false} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>

          <Typography.Title level={5}>{t('turni.regole')}</Typography.Title>
          <Row gutter={16}>
            {RULES.map((r) => (
              <Col key={r.name} xs={24} sm={12} md={8}>
                <Form.Item name={r.name} label={t(ruleLabel[r.name])} tooltip={t(`turni.${r.name}_hint`)} rules={[{ type: 'number', min: 0, max: r.max }]}>
                  <InputNumber min={0} max={r.max} precision={0} style={{ width: '100%' }} suffix={t('turni.min')} />
                </Form.Item>
              </Col>
            ))}
          </Row>
          <Space className="tl-sticky-actions">
            <Button onClick={onClose}>{t('ui.annulla')}</Button>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              {t('ui.salva')}
            </Button>
          </Space>
        </Form>
      </Col>
      <Col xs={24} xl={10}>
        <AnteprimaTurno values={values} />
      </Col>
    </Row>
  );
}

/** /turni/definizione/:id? — shifts: list, form with live preview; /turni/definizione/5 opens shift 5. */
export function TurniPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const turni = useTurni();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState<TurnoRow | null | false>(false);
  const [exporting, setExporting] = useState(false);

  const editId = id && /^\d+$/.test(id) ? Number(id) : null;
  const editing = useMemo(() => (editId ? (turni.data ?? []).find((x) => x.id === editId) ?? null : null), [editId, turni.data]);
  const open = creating !== false || editId !== null;
  const record = editId ? editing : creating || null;

  const rows = (turni.data ?? []).filter((r) => {
    const s = search.trim().toLowerCase();
    return !s || r.codice.toLowerCase().includes(s) || r.descrizione.toLowerCase().includes(s);
  });

  const refresh = () => qc.invalidateQueries({ queryKey: ['resource', RES_TURNI.path] }).then(() => qc.invalidateQueries({ queryKey: ['lookup', RES_TURNI.path] }));

  async function openCreate() {
    navigate('/turni/definizione');
    try {
      const model = (await modelOf(RES_TURNI, { notifyError: false })) as TurnoRow;
      setCreating(model && typeof model === 'object' ? { ...model, id: 0 } : ({} as TurnoRow));
    } catch {
      setCreating({} as TurnoRow);
    }
  }

  function close() {
    setCreating(false);
    if (editId) navigate('/turni/definizione');
  }

  async function remove(row: TurnoRow) {
    try {
      await call(RES_TURNI.ops.elimina, { params: { id: row.id } });
      void refresh();
    } catch {
      /* notified */
    }
  }

  async function exportExcel() {
    setExporting(true);
    try {
      await exportXlsx(
        t('menu.turni.definizione'),
        [
          { header: t('turni.codice'), key: 'codice' },
          { header: t('turni.descrizione'), key: 'descrizione', width: 30 },
          { header: t('turni.fasce'), key: 'fasce', width: 30 },
          { header: t('turni.ore_teoriche'), key: 'ore' },
          ...RULES.map((r) => ({ header: t(`turni.${r.name}`), key: r.name })),
          { header: t('turni.notturno'), key: 'notturno' },
        ],
        rows.map((r) => ({
          ...r,
          fasce: fasceText(r.fasce),
          ore: formatMinuti(minutiTeoriciTurno(r)),
          notturno: fasceText([r.notturno]),
        })),
      );
    } catch (e) {
      console.error(e);
    } finally {
      setExporting(false);
    }
  }

  const notFound = editId !== null && !turni.isLoading && !editing;

  return (
    <div>
      <div inert={open} aria-hidden={open || undefined}>
        <Row justify="space-between" align="middle" gutter={[12, 12]} style={{ marginBottom: 16 }}>
          <Col>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('menu.turni.definizione')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('turni.sottotitolo')}</Typography.Text>
          </Col>
          <Col>
            <Space wrap>
              <SearchInput allowClear placeholder={t('ui.cerca')} aria-label={t('ui.cerca')} style={{ width: 220 }} onSearch={(v) => setSearch(v)} onChange={(e) => !e.target.value && setSearch('')} />
              <Tooltip title={t('ui.aggiorna')}>
                <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} onClick={() => void turni.refetch()} />
              </Tooltip>
              <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => void exportExcel()}>
                {t('ui.esporta_excel')}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void openCreate()}>
                {t('ui.nuovo')}
              </Button>
            </Space>
          </Col>
        </Row>
        {notFound ? <Alert type="warning" showIcon title={t('turni.non_trovato', { id: editId })} style={{ marginBottom: 16 }} /> : null}
        <div data-testid="turni-list">
          <Table<TurnoRow>
            rowKey="id"
            size="middle"
            loading={turni.isFetching}
            dataSource={rows}
            {...tableFit}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showTotal: (n) => t('ui.totale_elementi', { count: n }) }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('turni.nessun_turno')} /> }}
            onRow={(r) => ({ onDoubleClick: () => navigate(`/turni/definizione/${r.id}`) })}
            columns={[
              {
                key: 'codice',
                title: t('turni.codice'),
                render: (_, r) => (
                  <Space>
                    <ColorSwatch color={r.colore} />
                    <strong>{r.codice}</strong>
                  </Space>
                ),
                sorter: (a, b) => a.codice.localeCompare(b.codice),
              },
              { key: 'descrizione', title: t('turni.descrizione'), dataIndex: 'descrizione', sorter: (a, b) => a.descrizione.localeCompare(b.descrizione) },
              { key: 'fasce', title: t('turni.fasce'), render: (_, r) => fasceText(r.fasce) },
              { key: 'ore', title: t('turni.ore_teoriche'), align: 'right', render: (_, r) => formatMinuti(minutiTeoriciTurno(r)) },
              { key: 'flessibilita', title: t('turni.flessibilita'), align: 'right', render: (_, r) => (r.flessibilita ? `${r.flessibilita} ${t('turni.min')}` : '—') },
              {
                key: 'arrotondamenti',
                title: t('turni.arrotondamenti'),
                render: (_, r) =>
                  r.arrotondamento_entrata || r.arrotondamento_uscita
                    ? t('turni.arrotondamenti_valore', { e: r.arrotondamento_entrata, u: r.arrotondamento_uscita })
                    : '—',
              },
              { key: 'notturno', title: t('turni.notturno'), render: (_, r) => fasceText(r.notturno ? [r.notturno] : []) },
              {
                key: '__actions',
                title: t('ui.azioni'),
                align: 'right',
                fixed: 'right',
                width: 110,
                render: (_, r) => (
                  <Space size={4}>
                    <Tooltip title={t('ui.modifica')}>
                      <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('turni.modifica_turno', { codice: r.codice })} onClick={() => navigate(`/turni/definizione/${r.id}`)} />
                    </Tooltip>
                    <ConfirmDeleteButton onConfirm={() => remove(r)} label={t('turni.elimina_turno', { codice: r.codice })} />
                  </Space>
                ),
              },
            ]}
          />
        </div>
      </div>
      <Drawer
        open={open && !notFound}
        size={1180}
        title={record?.id ? t('turni.modifica_titolo', { codice: record.codice }) : t('turni.nuovo_titolo')}
        onClose={close}
        loading={editId !== null && turni.isLoading}
        destroyOnHidden
      >
        {open ? (
          <TurnoEditor
            key={record?.id ?? 'new'}
            record={record}
            onClose={close}
            onSaved={() => {
              void refresh();
              close();
            }}
          />
        ) : null}
      </Drawer>
    </div>
  );
}
