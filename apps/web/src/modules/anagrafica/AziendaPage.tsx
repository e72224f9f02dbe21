import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { ZAzienda, ZSede, type TAzienda } from '@tulip/contract';
import { OPS_ANAGRAFICA, RES_SEDI } from '@tulip/contract/wire';
import { call, download } from '../../platform/api';
import { useZodSubmit } from '../../components/useZodSubmit';
import { requiredRule } from '../../components/formRules';
import { ResourcePage, type ColumnDef, type FieldDef } from '../../components/ResourcePage';
import { FileField } from '../../components/FileField';

const TEXT_FIELDS = ['partita_iva', 'codice_fiscale', 'indirizzo', 'cap', 'comune', 'provincia', 'posizione_inps', 'codice_ditta_inail', 'pat_inail', 'ccnl'] as const;

const sediColumns: ColumnDef[] = [
  { key: 'descrizione', title: 'azienda.descrizione', sorter: true },
  { key: 'indirizzo', title: 'azienda.indirizzo' },
  { key: 'cap', title: 'azienda.cap', width: 90 },
  { key: 'comune', title: 'azienda.comune', sorter: true },
  { key: 'provincia', title: 'azienda.provincia', width: 100 },
  { key: 'attiva', title: 'azienda.attiva', type: 'boolean', width: 90 },
];
const sediFields: FieldDef[] = [
  { name: 'descrizione', label: 'azienda.descrizione', required: true },
  { name: 'indirizzo', label: 'azienda.indirizzo' },
  { name: 'cap', label: 'azienda.cap', span: 8 },
  { name: 'comune', label: 'azienda.comune', required: true, span: 10 },
  { name: 'provincia', label: 'azienda.provincia', span: 6 },
  { name: 'attiva', label: 'azienda.attiva', type: 'switch' },
];

/** The saved logo is everyone's (it heads every printout); a new one, before saving, is read back by who uploaded it. */
const readLogo = () => download(OPS_ANAGRAFICA.logo);

/** /azienda: who the employer is, on every printout, and its workplaces. */
export function AziendaPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<TAzienda>();
  const query = useQuery({ queryKey: ['azienda'], queryFn: () => call(OPS_ANAGRAFICA.azienda) });
  useEffect(() => {
    if (query.data && typeof query.data === 'object') form.setFieldsValue(query.data);
  }, [query.data, form]);
  const { saving, submit } = useZodSubmit(form, { fields: Object.keys(ZAzienda.shape) });
  const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

  const save = () =>
    submit(
      ZAzienda,
      (v) => ({
        ragione_sociale: v.ragione_sociale ?? '',
        ...Object.fromEntries(TEXT_FIELDS.map((k) => [k, blankToNull(v[k])])),
        logo_file_id: v.logo_file_id ?? null,
      }),
      async (data) => {
        await call(OPS_ANAGRAFICA.salvaAzienda, { body: data });
        await qc.invalidateQueries({ queryKey: ['azienda'] });
      },
    );

  const field = (name: (typeof TEXT_FIELDS)[number], span = 12, max = 80) => (
    <Col xs={24} md={span}>
      <Form.Item name={name} label={t(`azienda.${name}`)}>
        <Input maxLength={max} />
      </Form.Item>
    </Col>
  );

  return (
    <div data-testid="azienda">
      <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
        {t('azienda.titolo')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('azienda.intro')}</Typography.Paragraph>
      {query.isError && !query.data ? <Alert type="error" showIcon title={t('consultazione.errore_caricamento')} style={{ marginBottom: 16 }} /> : null}
      <Card loading={query.isLoading} style={{ marginBottom: 24 }}>
        <Form form={form} name="azienda" layout="vertical" onFinish={() => void save()} style={{ maxWidth: 960 }}>
          <Row gutter={16}>
            <Col xs={24}>
              <Form.Item name="ragione_sociale" label={t('azienda.ragione_sociale')} rules={[requiredRule(t, 'azienda.ragione_sociale')]}>
                <Input maxLength={120} />
              </Form.Item>
            </Col>
            {field('partita_iva', 12, 11)}
            {field('codice_fiscale', 12, 16)}
          </Row>
          <Typography.Title level={5}>{t('azienda.sede_legale')}</Typography.Title>
          <Row gutter={16}>
            {field('indirizzo', 24, 160)}
            {field('cap', 6, 5)}
            {field('comune', 12)}
            {field('provincia', 6, 2)}
          </Row>
          <Typography.Title level={5}>{t('azienda.posizioni')}</Typography.Title>
          <Row gutter={16}>
            {field('posizione_inps', 8, 20)}
            {field('codice_ditta_inail', 8, 20)}
            {field('pat_inail', 8, 20)}
            {field('ccnl', 24, 160)}
          </Row>
          <Form.Item name="logo_file_id" label={t('azienda.logo')}>
            <FileField
              accept="image/png,image/jpeg,image/webp"
              read={readLogo}
              label={t('azienda.logo')}
              uploadText="azienda.carica_logo"
              removeText="azienda.rimuovi_logo"
              hint="azienda.logo_hint"
              previewTestId="azienda-logo"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving}>
            {t('ui.salva')}
          </Button>
        </Form>
      </Card>
      <Typography.Paragraph type="secondary">{t('azienda.sedi_intro')}</Typography.Paragraph>
      <ResourcePage
        importable
        resource={{ wire: RES_SEDI, title: 'azienda.sedi', entity: 'entita.sede', schema: ZSede }}
        columns={sediColumns}
        form={{ fields: sediFields }}
        defaultSort="descrizione"
      />
    </div>
  );
}
