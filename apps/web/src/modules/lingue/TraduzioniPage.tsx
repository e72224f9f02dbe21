import { ConfirmDeleteButton } from '../../components/ConfirmDeleteButton';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { AutoComplete, Button, Col, Form, Input, Modal, Row as GridRow, Select, Space, Table, Tooltip, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { ZTraduzioneCreate, type TLookupItem, type TTraduzione } from '@tulip/contract';
import { OPS_LINGUE } from '@tulip/contract/wire';
import { issuesToFields } from '../../components/zodForm';
import { ApiError } from '../../platform/http';
import { call } from '../../platform/api';
import { currentLanguage, reloadMessages } from '../../platform/language';
import { useLanguages, type ListAnswer } from '../../platform/queries';
import { SearchInput } from '../../components/SearchInput';
import { requiredRule } from '../../components/formRules';
import { useCloseGuard } from '../../components/useCloseGuard';

/** After a change the running app reloads the language's messages (SPEC §4): no page reload needed. */
function refreshMessages(lang: string) {
  void reloadMessages(lang);
}

/**
 * In-place editing of a text: the cell shows the text; a click (or Enter/Space on it) turns it into
 * an input, saved (POST {id, testo}) on blur or Enter when changed; Escape cancels.
 */
function EditableText({ row, onSaved }: { row: TTraduzione; onSaved: () => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(row.testo);
  const [saving, setSaving] = useState(false);
  useEffect(() => setValue(row.testo), [row.testo]);
  const key = row.translate_group ? `${row.translate_group}.${row.translate_tag}` : row.translate_tag;

  async function save() {
    if (saving) return;
    if (value === row.testo) {
      setEditing(false);
      return;
    }
    setSaving(true);
    try {
      await call(OPS_LINGUE.modificaTraduzione, { body: { id: row.id, testo: value } });
      refreshMessages(row.cod_lingua);
      onSaved();
      setEditing(false);
    } catch {
      /* notified; the input stays open with the typed text */
    } finally {
      setSaving(false);
    }
  }

  if (!editing) {
    return (
      <div
        role="button"
        tabIndex={0}
        className="tl-editable"
        data-testid="traduzione-testo"
        // the name begins with the visible text (WCAG 2.5.3 label in name), then says what a click does
        aria-label={`${row.testo || t('traduzioni.testo_vuoto')} - ${t('traduzioni.modifica_testo', { chiave: key })}`}
        title={t('traduzioni.modifica_testo', { chiave: key })}
        onClick={() => setEditing(true)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            setEditing(true);
          }
        }}
      >
        {row.testo || <span className="tl-muted">{t('traduzioni.testo_vuoto')}</span>}
      </div>
    );
  }
  return (
    <Input.TextArea
      autoFocus
      data-testid="traduzione-input"
      aria-label={t('traduzioni.testo_di', { chiave: key })}
      autoSize={{ minRows: 1, maxRows: 6 }}
      value={value}
      disabled={saving}
      onChange={(e) => setValue(e.target.value)}
      onBlur={() => void save()}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          setValue(row.testo);
          setEditing(false);
        }
      }}
      onPressEnter={(e) => {
        if (e.shiftKey) return;
        e.preventDefault();
        void save();
      }}
    />
  );
}

type NewValues = { translate_group?: string; translate_tag: string; testo: string };

/** /traduzioni: filter by groups and text, language select, in-place editing, add and delete. */
export function TraduzioniPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const langs = useLanguages();
  const [lang, setLang] = useState(currentLanguage());
  const [groups, setGroups] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(50);
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<NewValues>();
  const [closeAsking, closeHolder] = useCloseGuard(form, () => setAdding(false), adding);

  const groupLookup = useQuery({
    queryKey: ['traduzioni', 'groups'],
    // with the override the answer is the groups, as a lookup
    queryFn: () => call(OPS_LINGUE.traduzioni, { query: {} }, { override: 'lookup' }) as Promise<TLookupItem[]>,
    staleTime: 60_000,
    select: (a) => (Array.isArray(a) ? a : []),
  });
  const query = { search: search || undefined, groups: groups.length ? groups.join(';') : undefined, cod_lingua: lang, page, size };
  const list = useQuery({
    queryKey: ['traduzioni', 'list', query],
    queryFn: () => call(OPS_LINGUE.traduzioni, { query }) as Promise<ListAnswer<TTraduzione>>,
    placeholderData: keepPreviousData,
  });
  const invalidate = () => void qc.invalidateQueries({ queryKey: ['traduzioni'] });

  async function remove(row: TTraduzione) {
    try {
      await call(OPS_LINGUE.eliminaTraduzione, { params: { id: row.id } });
      refreshMessages(row.cod_lingua);
      invalidate();
    } catch {
      /* notified */
    }
  }

  async function create() {
    let values: NewValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = { cod_lingua: lang, translate_group: values.translate_group ?? '', translate_tag: values.translate_tag ?? '', testo: values.testo ?? '' };
    const parsed = ZTraduzioneCreate.safeParse(body);
    if (!parsed.success) {
      const errs = issuesToFields(parsed.error.issues, body);
      form.setFields(Object.entries(errs).map(([name, key]) => ({ name: name as keyof NewValues, errors: [t(key)] })));
      return;
    }
    setSaving(true);
    try {
      await call(OPS_LINGUE.creaTraduzione, { body: parsed.data });
      refreshMessages(lang);
      setAdding(false);
      form.resetFields();
      invalidate();
    } catch (e) {
      if (e instanceof ApiError) {
        form.setFields(Object.entries(e.fields).map(([name, key]) => ({ name: name as keyof NewValues, errors: [t(key)] })));
      }
    } finally {
      setSaving(false);
    }
  }

  const rows = Array.isArray(list.data?.rows) ? list.data.rows : [];
  const groupOptions = (groupLookup.data ?? []).map((g) => ({ value: String(g.value), label: g.label || t('traduzioni.gruppo_vuoto') }));

  return (
    <div>
      <GridRow justify="space-between" align="middle" gutter={[12, 12]} style={{ marginBottom: 16 }}>
        <Col>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('menu.traduzioni')}
          </Typography.Title>
        </Col>
        <Col>
          <Space wrap>
            <Select
              aria-label={t('traduzioni.lingua')}
              style={{ width: 160 }}
              value={lang}
              onChange={(v: string) => {
                setLang(v);
                setPage(1);
              }}
              options={(langs.data ?? []).map((l) => ({ value: l.cod_lingua, label: `${l.descrizione} (${l.cod_lingua})` }))}
            />
            <Select
              mode="multiple"
              allowClear
              aria-label={t('traduzioni.gruppi')}
              placeholder={t('traduzioni.gruppi')}
              style={{ minWidth: 220 }}
              value={groups}
              options={groupOptions}
              onChange={(v: string[]) => {
                setGroups(v);
                setPage(1);
              }}
            />
            <SearchInput
              allowClear
              aria-label={t('ui.cerca')}
              placeholder={t('ui.cerca')}
              style={{ width: 220 }}
              onSearch={(v) => {
                setSearch(v.trim());
                setPage(1);
              }}
            />
            <Tooltip title={t('ui.aggiorna')}>
              <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} onClick={() => void list.refetch()} />
            </Tooltip>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('ui.nuovo')}
            </Button>
          </Space>
        </Col>
      </GridRow>
      <div data-testid="resource-table">
        <Table<TTraduzione>
          rowKey="id"
          size="small"
          dataSource={rows}
          loading={list.isFetching}
          locale={{ emptyText: t('ui.nessun_dato') }}
          pagination={{
            current: page,
            pageSize: size,
            total: list.data?.total ?? rows.length,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100, 200],
            showTotal: (n) => t('ui.totale_elementi', { count: n }),
            onChange: (p, s) => {
              setPage(s !== size ? 1 : p);
              setSize(s);
            },
          }}
          columns={[
            { key: 'translate_group', dataIndex: 'translate_group', title: t('traduzioni.gruppo'), width: 140 },
            { key: 'translate_tag', dataIndex: 'translate_tag', title: t('traduzioni.tag'), width: 260 },
            {
              key: 'testo',
              title: t('traduzioni.testo'),
              render: (_: unknown, row: TTraduzione) => <EditableText row={row} onSaved={invalidate} />,
            },
            {
              key: '__actions',
              title: t('ui.azioni'),
              width: 80,
              align: 'right',
              render: (_: unknown, row: TTraduzione) => (
                <ConfirmDeleteButton onConfirm={() => remove(row)} />
              ),
            },
          ]}
        />
      </div>
      <Modal
        open={adding}
        title={t('traduzioni.nuova')}
        okText={t('ui.salva')}
        cancelText={t('ui.annulla')}
        confirmLoading={saving}
        onOk={() => void create()}
        onCancel={closeAsking}
        forceRender
      >
        {closeHolder}
        <Form form={form} layout="vertical">
          <Form.Item label={t('traduzioni.lingua')} htmlFor="traduzione-nuova-lingua">
            <Input id="traduzione-nuova-lingua" value={lang} disabled />
          </Form.Item>
          <Form.Item name="translate_group" label={t('traduzioni.gruppo')}>
            <AutoComplete options={groupOptions.filter((g) => g.value)} filterOption />
          </Form.Item>
          <Form.Item name="translate_tag" label={t('traduzioni.tag')} rules={[requiredRule(t, 'traduzioni.tag')]}>
            <Input />
          </Form.Item>
          <Form.Item name="testo" label={t('traduzioni.testo')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
