/**
 * One daily work report: the form while it is a draft (new, or saved and then signed by the customer on the screen),
 * read-only once signed, with its PDF and the manager's approval.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Result, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined, LoadingOutlined, SaveOutlined } from '@ant-design/icons';
import type { TRapportinoRow } from '@tulip/contract';
import { OPS_RAPPORTINI } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { ApiError } from '../../platform/http';
import { formatDate } from '../../platform/formats';
import { useScope } from '../../components/people';
import { StatoRapportinoTag } from './RapportinoCampi';
import { chiaveRapportino, RapportinoModulo, useSalvaRapportino } from './RapportinoModulo';
import { RapportinoFirma } from './RapportinoFirma';
import { RapportinoVista } from './RapportinoVista';
import { corpoDa, oggi, valoriDa, valoriNuovo, type RapportinoValori } from './rapportino';

const ELENCO = '/rilevazione/rapportino';

/** The report's heading: back to the list, its number and date, whose it is, its state. */
function Testata({ r, nome }: { r: TRapportinoRow | null; nome: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div style={{ marginBottom: 16 }}>
      <div>
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => navigate(ELENCO)} style={{ paddingInline: 0 }}>
          {t('rapportino.torna_elenco')}
        </Button>
      </div>
      <Space wrap align="center" size="middle">
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="rapportino-titolo">
          {r ? t('rapportino.titolo', { numero: r.id, data: formatDate(r.data) }) : t('rapportino.nuovo')}
        </Typography.Title>
        {r ? <StatoRapportinoTag stato={r.stato} /> : null}
      </Space>
      {nome ? (
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {t('rapportino.di', { nome })}
        </Typography.Paragraph>
      ) : null}
    </div>
  );
}

/**
 * The form of a new or draft report, with the customer's signature once it is saved. It saves when its user says so
 * (the button, never Enter in a field), one save after the other: a save asked while another runs waits for it and
 * then changes the report the first one made. What is typed while a save runs stays on the form, still to be saved.
 */
function Bozza({ r, dipendenteId }: { r: TRapportinoRow | null; dipendenteId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { routes } = useScope();
  const capo = routes.includes('rilevazione.commessa2');
  const [form] = Form.useForm<RapportinoValori>();
  const [modificato, setModificato] = useState(false);
  const { salva, saving } = useSalvaRapportino(form);
  const [iniziali] = useState(() => (r ? valoriDa(r) : valoriNuovo(oggi(), dipendenteId)));
  // the latest version saved from this form (the page's `r` follows it once its query is updated)
  const ultimo = useRef<TRapportinoRow | null>(r);
  if (r && (!ultimo.current || r.versione > ultimo.current.versione)) ultimo.current = r;
  const coda = useRef<Promise<unknown>>(Promise.resolve());

  async function salvaUna(): Promise<TRapportinoRow | null> {
    const prima = ultimo.current;
    const done = await salva(prima);
    if (!done) return null;
    ultimo.current = done.saved;
    if (JSON.stringify(corpoDa(form.getFieldsValue(true) as RapportinoValori, !prima)) === done.sent) {
      form.setFieldsValue(valoriDa(done.saved));
      setModificato(false);
    }
    // the same form goes on showing the new report (RapportinoPage keeps it mounted): nothing typed meanwhile is lost
    if (!prima) navigate(`${ELENCO}/${done.saved.id}`, { replace: true, state: { da: 'nuovo' } });
    return done.saved;
  }

  function salvaOra(): Promise<TRapportinoRow | null> {
    const next = coda.current.then(salvaUna);
    coda.current = next.catch(() => null);
    return next;
  }

  return (
    <>
      <Form form={form} layout="vertical" initialValues={iniziali} onValuesChange={() => setModificato(true)} data-testid="rapportino-modulo">
        <RapportinoModulo form={form} r={r} capo={capo} nuovo={!r} />
        <Space wrap style={{ marginBottom: 24 }}>
          {/* clickable while a save runs (no `loading`, which would drop the click): the next save waits for it */}
          <Button type={r && !modificato ? 'default' : 'primary'} icon={saving ? <LoadingOutlined /> : <SaveOutlined />} aria-busy={saving} onClick={() => void salvaOra()} data-testid="rapportino-salva">
            {t('ui.salva')}
          </Button>
          {r && modificato ? <Typography.Text type="secondary" data-testid="rapportino-da-salvare">{t('rapportino.modifiche_da_salvare')}</Typography.Text> : null}
        </Space>
      </Form>
      {r ? (
        <RapportinoFirma
          r={r}
          primaDiFirmare={async () => (modificato ? await salvaOra() : await coda.current.then(() => ultimo.current))}
          onFirmato={(signed) => {
            qc.setQueryData(chiaveRapportino(signed.id), signed);
            void qc.invalidateQueries({ queryKey: ['rilevazione', 'rapportini'] });
          }}
        />
      ) : (
        <Typography.Paragraph type="secondary">{t('rapportino.salva_per_firmare')}</Typography.Paragraph>
      )}
    </>
  );
}

export function RapportinoScheda({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [search] = useSearchParams();
  const { dipendente } = useScope();
  const report = useQuery({
    queryKey: chiaveRapportino(id ?? 0),
    queryFn: () => call(OPS_RAPPORTINI.dettaglio, { params: { id: id! } }, { notifyError: false }),
    enabled: id !== null,
    retry: false,
  });

  if (id === null) {
    // a manager's new report for someone of theirs (the list's employee: the form's Tecnico, which they may change)
    const scelto = Number(search.get('dipendente')) || null;
    const per = scelto && scelto !== dipendente?.id ? scelto : null;
    return (
      <div data-testid="rapportino-scheda">
        <Testata r={null} nome={null} />
        <Bozza key="bozza" r={null} dipendenteId={per} />
      </div>
    );
  }
  if (report.isLoading) return <Skeleton active />;
  const r = report.data;
  if (!r) {
    const status = report.error instanceof ApiError && report.error.status === 403 ? '403' : '404';
    return (
      <Result
        status={status}
        title={t(status === '403' ? 'rapportino.non_visibile' : 'rapportino.non_trovato')}
        extra={<Button onClick={() => navigate(ELENCO)}>{t('rapportino.torna_elenco')}</Button>}
      />
    );
  }
  const nome = r.dipendente_id !== dipendente?.id ? r.dipendente_nome : null;
  return (
    <div data-testid="rapportino-scheda">
      <Testata r={r} nome={nome} />
      {r.stato === 'bozza' ? (
        <Bozza key="bozza" r={r} dipendenteId={r.dipendente_id} />
      ) : (
        <RapportinoVista
          r={r}
          onApprovato={(approved) => {
            qc.setQueryData(chiaveRapportino(approved.id), approved);
            void qc.invalidateQueries({ queryKey: ['rilevazione', 'rapportini'] });
          }}
        />
      )}
    </div>
  );
}
