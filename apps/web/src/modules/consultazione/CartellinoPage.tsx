import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParam } from '../../components/searchParam';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Empty, Grid, Row, Space, Table, Tag, Tooltip, Typography, type TableProps } from 'antd';
import { EditOutlined, FileExcelOutlined, FilePdfOutlined, ReloadOutlined } from '@ant-design/icons';
import { type MinutiKey, type TCartellino, type TGiornoCartellino, type TSaldo, type TTimbraturaGiorno, type TTotaliMese } from '@tulip/contract';
import { OPS_CONSULTAZIONE, OPS_GIUSTIFICATIVI } from '@tulip/contract/wire';
import { call, download } from '../../platform/api';
import { dayjs, formatTime, meseAnno } from '../../platform/formats';
import { ColorTag } from '../../components/ColorTag';
import { ChiusuraMese, DipendenteSelect, MesePicker, meseCorrente, PageHeader, StatoMeseTag, useDayjs, useFileDownload, useScope } from './components';
import { formatMinuti, isMese } from './format';
import { tableFit } from '../../components/tableFit';

/** The minute columns of the day table: field, short header, full name. */
const COLONNE_MINUTI: { key: MinutiKey; short: string; full: string }[] = [
  { key: 'minuti_teorici', short: 'cartellino.col_teorici', full: 'cartellino.teorici' },
  { key: 'minuti_lavorati', short: 'cartellino.col_lavorati', full: 'cartellino.lavorati' },
  { key: 'minuti_ordinari', short: 'cartellino.col_ordinari', full: 'cartellino.ordinari' },
  { key: 'minuti_straordinari', short: 'cartellino.col_straordinari', full: 'cartellino.straordinari' },
  { key: 'minuti_supplementari', short: 'cartellino.col_supplementari', full: 'cartellino.supplementari' },
  { key: 'minuti_notturni', short: 'cartellino.col_notturni', full: 'cartellino.notturni' },
  { key: 'minuti_festivi', short: 'cartellino.col_festivi', full: 'cartellino.festivi' },
  { key: 'minuti_ritardo', short: 'cartellino.col_ritardo', full: 'cartellino.ritardo' },
  { key: 'minuti_uscita_anticipata', short: 'cartellino.col_uscita_anticipata', full: 'cartellino.uscita_anticipata' },
  { key: 'minuti_mancanti', short: 'cartellino.col_mancanti', full: 'cartellino.mancanti' },
];

/**
 * One day of the timecard on a phone: the day and its shift, the punches, leave and anomalies, and the minutes that
 * are not zero, named in full: a card per day instead of a table to scroll sideways.
 */
function GiornoCard({ g, dj }: { g: TGiornoCartellino; dj: (d: string) => ReturnType<typeof dayjs> }) {
  const { t } = useTranslation();
  const minuti = COLONNE_MINUTI.filter((c) => g[c.key]);
  return (
    <li className={`tl-cart-card tl-cart-row--${g.tipo_giorno}`} data-testid="cartellino-giorno">
      <div className="tl-cart-card__head">
        <strong className="tl-cart-data">{dj(g.data).format('ddd DD/MM')}</strong>
        {g.turno ? (
          <ColorTag color={g.turno.colore} style={{ marginInlineEnd: 0 }}>
            {g.turno.codice}
          </ColorTag>
        ) : (
          <Typography.Text type="secondary">{t(`cartellino.tipo_${g.tipo_giorno}`)}</Typography.Text>
        )}
        {g.festivita ? <span className="tl-cart-festivita">{g.festivita}</span> : null}
      </div>
      {g.timbrature.length ? (
        <span className="tl-punches">
          {g.timbrature.map((p) => (
            <Timbratura key={p.id} p={p} />
          ))}
        </span>
      ) : null}
      {g.giustificativi.length || g.anomalie.length ? (
        <div>
          {g.giustificativi.map((x, i) => (
            <Tag key={`${x.codice}-${i}`} color="blue" style={{ marginInlineEnd: 4 }}>
              {x.codice} {formatMinuti(x.minuti)}
            </Tag>
          ))}
          {g.anomalie.map((a) => (
            <AnomaliaTag key={a} code={a} />
          ))}
        </div>
      ) : null}
      {minuti.length ? (
        <dl className="tl-cart-card__minuti">
          {minuti.map((c) => (
            <div key={c.key} className={c.key === 'minuti_mancanti' ? 'tl-cart-mancanti' : undefined}>
              <dt>{t(c.full)}</dt>
              <dd>{formatMinuti(g[c.key])}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}

/** The day table's columns (px): on a 1366 laptop they all fit beside the menu, the minutes' bold totals included. */
const LARGHEZZE = { data: 92, turno: 60, timbrature: 176, giustificativi: 112, anomalie: 130, minuti: 54 };
const larghezzaTabella = (colonne: number) => LARGHEZZE.data + LARGHEZZE.turno + LARGHEZZE.timbrature + LARGHEZZE.giustificativi + LARGHEZZE.anomalie + colonne * LARGHEZZE.minuti;
/** The minute columns of a month: supplementary hours only where there are some (a part-timer's), so the rest fit. */
const colonneDelMese = (supplementari: number) => COLONNE_MINUTI.filter((c) => c.key !== 'minuti_supplementari' || supplementari > 0);

/** Anomalies that mean missing or wrong data (red); the others are warnings (orange). Texts: group "anomalie" (presenze module). */
const ANOMALIE_GRAVI = new Set(['TIMBRATURE_DISPARI', 'ASSENZA_NON_GIUSTIFICATA', 'RIPOSO_INSUFFICIENTE']);

export function AnomaliaTag({ code, count }: { code: string; count?: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={ANOMALIE_GRAVI.has(code) ? 'red' : 'orange'} style={{ marginInlineEnd: 4 }}>
      {t(`anomalie.${code}`, { defaultValue: code })}
      {count !== undefined ? ` (${count})` : ''}
    </Tag>
  );
}

function Timbratura({ p }: { p: TTimbraturaGiorno }) {
  const { t } = useTranslation();
  const ora = formatTime(p.ts.slice(11));
  const verso = p.verso === 'E' ? t('cartellino.verso_E') : t('cartellino.verso_U');
  const annullata = p.stato === 'annullata';
  const differita = p.differita ? t('cartellino.differita', { ora: formatTime(p.differita.slice(11)) }) : '';
  const title = [verso, t(`cartellino.fonte_${p.fonte}`, { defaultValue: p.fonte }), p.manuale ? t('cartellino.manuale') : '', differita, annullata ? t('cartellino.annullata') : '']
    .filter(Boolean)
    .join(' · ');
  const El = annullata ? 'del' : 'span';
  return (
    <El className={`tl-punch tl-punch--${p.verso}${p.manuale ? ' tl-punch--manuale' : ''}${annullata ? ' tl-punch--annullata' : ''}`} title={title}>
      {ora} {p.verso}
      {p.manuale ? (
        <>
          <sup aria-hidden="true">*</sup>
          <span className="tl-sr-only"> ({t('cartellino.manuale')})</span>
        </>
      ) : null}
      {differita ? (
        <>
          <sup aria-hidden="true" data-testid="cartellino-differita">°</sup>
          <span className="tl-sr-only"> ({differita})</span>
        </>
      ) : null}
      {annullata ? <span className="tl-sr-only"> ({t('cartellino.annullata')})</span> : null}
    </El>
  );
}

function Abbr({ short, full }: { short: string; full: string }) {
  const { t } = useTranslation();
  return (
    <abbr title={t(full)} className="tl-abbr">
      {t(short)}
    </abbr>
  );
}

function SaldiTable({ saldi }: { saldi: TSaldo[] }) {
  const { t } = useTranslation();
  const col = (key: keyof TSaldo, title: string) => ({
    key,
    title: t(title),
    align: 'right' as const,
    render: (_: unknown, s: TSaldo) => formatMinuti(s[key] as number),
  });
  return (
    <Table<TSaldo>
      size="small"
      rowKey="codice"
      pagination={false}
      dataSource={saldi}
      locale={{ emptyText: t('cartellino.nessun_saldo') }}
      {...tableFit}
      columns={[
        {
          key: 'codice',
          title: t('cartellino.causale'),
          render: (_: unknown, s) => (
            <Tooltip title={s.descrizione}>
              <span>{s.codice}</span>
            </Tooltip>
          ),
        },
        col('spettanza', 'cartellino.saldo_spettanza'),
        col('maturato', 'cartellino.saldo_maturato'),
        col('goduto', 'cartellino.saldo_goduto'),
        col('richiesto', 'cartellino.saldo_richiesto'),
        {
          key: 'residuo',
          title: t('cartellino.saldo_residuo'),
          align: 'right',
          render: (_: unknown, s) => <Typography.Text type={s.residuo < 0 ? 'danger' : undefined} strong>{formatMinuti(s.residuo)}</Typography.Text>,
        },
      ]}
    />
  );
}

function TotaliPanel({ data, saldi }: { data: TCartellino; saldi: TSaldo[] | undefined }) {
  const { t } = useTranslation();
  const tot = data.totali;
  const perCausale = Object.entries(tot.per_causale).filter(([, m]) => m);
  const anomalie = Object.entries(tot.anomalie).filter(([, n]) => n);
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }} data-testid="cartellino-totali">
      <Col xs={24} lg={12} xxl={8}>
        <Card title={t('cartellino.totali_mese')} size="small">
          <Descriptions column={2} size="small">
            <Descriptions.Item label={t('cartellino.giorni_lavorati')}>{tot.giorni_lavorati}</Descriptions.Item>
            {[...COLONNE_MINUTI, { key: 'minuti_giustificati' as const, full: 'cartellino.giustificati' }].map((c) => (
              <Descriptions.Item key={c.key} label={t(c.full)}>
                {formatMinuti(tot[c.key])}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12} xxl={5}>
        <Card title={t('cartellino.per_causale')} size="small" style={{ height: '100%' }}>
          {perCausale.length ? (
            <Descriptions column={1} size="small">
              {perCausale.map(([codice, minuti]) => (
                <Descriptions.Item key={codice} label={codice}>
                  {formatMinuti(minuti)}
                </Descriptions.Item>
              ))}
            </Descriptions>
          ) : (
            <Typography.Text type="secondary">{t('cartellino.nessun_giustificativo')}</Typography.Text>
          )}
          {anomalie.length ? (
            <>
              <Typography.Title level={5} style={{ marginTop: 12 }}>
                {t('cartellino.anomalie')}
              </Typography.Title>
              <div>
                {anomalie.map(([code, n]) => (
                  <AnomaliaTag key={code} code={code} count={n} />
                ))}
              </div>
            </>
          ) : null}
        </Card>
      </Col>
      <Col xs={24} xxl={11}>
        <Card title={t('cartellino.saldi')} size="small" style={{ height: '100%' }}>
          <SaldiTable saldi={saldi ?? []} />
        </Card>
      </Col>
    </Row>
  );
}

/** /cartellino: the monthly timecard of one employee, its totals and balances; HR closes the month. */
export function CartellinoPage() {
  const { t } = useTranslation();
  const { proprio, dipendente, hr } = useScope();
  const [params, setParam] = useSearchParam();
  const meseParam = params.get('mese');
  const mese = isMese(meseParam) ? meseParam : meseCorrente();
  const scelto = Number(params.get('dipendente')) || null;
  const dipendenteId = proprio ? (dipendente?.id ?? null) : (scelto ?? dipendente?.id ?? null);
  const files = useFileDownload();
  const dj = useDayjs();
  // a phone gets a card per day (useBreakpoint is empty before its first measure: the table until then)
  const telefono = Grid.useBreakpoint().sm === false;

  const query = useQuery({
    queryKey: ['cartellino', dipendenteId, mese],
    queryFn: () => call(OPS_CONSULTAZIONE.cartellino, { query: { dipendente: dipendenteId, mese } }),
    enabled: !!dipendenteId,
  });
  const data = query.data;
  const colonne = colonneDelMese(data?.totali.minuti_supplementari ?? 0);
  const giorni = data?.giorni ?? [];
  // The balances of the month's year (the timecard answer does not carry them).
  const anno = mese.slice(0, 4);
  const saldiQuery = useQuery({
    queryKey: ['saldi', dipendenteId, anno],
    queryFn: () => call(OPS_GIUSTIFICATIVI.saldi, { query: { dipendente_id: dipendenteId, anno } }, { notifyError: false }),
    enabled: !!dipendenteId && !!data,
  });
  const saldi = saldiQuery.data;

  const nomeFile = data ? `${t('cartellino.file')}_${data.dipendente.matricola}_${mese}` : `${t('cartellino.file')}_${mese}`;
  const fileQuery = { dipendente: dipendenteId, mese };

  const columns: TableProps<TGiornoCartellino>['columns'] = useMemo(
    () => [
      {
        key: 'data',
        title: t('cartellino.data'),
        fixed: 'left',
        width: LARGHEZZE.data,
        render: (_: unknown, g) => (
          <span className="tl-cart-data">
            <span>{dj(g.data).format('DD/MM ddd')}</span>
            {g.modificato ? (
              <Tooltip title={t('cartellino.modificato')}>
                <EditOutlined className="tl-cart-modificato" aria-label={t('cartellino.modificato')} role="img" />
              </Tooltip>
            ) : null}
            {g.festivita ? <span className="tl-cart-festivita">{g.festivita}</span> : null}
          </span>
        ),
      },
      {
        key: 'turno',
        title: t('cartellino.turno'),
        width: LARGHEZZE.turno,
        render: (_: unknown, g) =>
          g.turno ? (
            <Tooltip title={g.turno.descrizione}>
              <ColorTag color={g.turno.colore} style={{ marginInlineEnd: 0 }}>
                {g.turno.codice}
              </ColorTag>
            </Tooltip>
          ) : (
            <Typography.Text type="secondary">{t(`cartellino.tipo_${g.tipo_giorno}`)}</Typography.Text>
          ),
      },
      {
        key: 'timbrature',
        title: t('cartellino.timbrature'),
        width: LARGHEZZE.timbrature,
        render: (_: unknown, g) => (
          <span className="tl-punches">
            {g.timbrature.map((p) => (
              <Timbratura key={p.id} p={p} />
            ))}
          </span>
        ),
      },
      // what HR reads first, right after the punches; the minutes follow
      {
        key: 'giustificativi',
        title: t('cartellino.giustificativi'),
        width: LARGHEZZE.giustificativi,
        className: 'tl-cart-tags',
        render: (_: unknown, g) =>
          g.giustificativi.map((x, i) => (
            <Tag key={`${x.codice}-${i}`} color="blue" style={{ marginInlineEnd: 4 }}>
              {x.codice} {formatMinuti(x.minuti)}
            </Tag>
          )),
      },
      {
        key: 'anomalie',
        title: t('cartellino.anomalie'),
        width: LARGHEZZE.anomalie,
        className: 'tl-cart-tags',
        render: (_: unknown, g) => g.anomalie.map((a) => <AnomaliaTag key={a} code={a} />),
      },
      ...colonne.map((c) => ({
        key: c.key,
        title: <Abbr short={c.short} full={c.full} />,
        align: 'right' as const,
        width: LARGHEZZE.minuti,
        className: c.key === 'minuti_mancanti' ? 'tl-cart-min tl-cart-mancanti' : 'tl-cart-min',
        render: (_: unknown, g: TGiornoCartellino) => formatMinuti(g[c.key], true),
      })),
    ],
    // day names follow the language (dj changes with it)
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, dj, colonne.length],
  );

  const summary = (tot: TTotaliMese) => (
    <Table.Summary fixed>
      <Table.Summary.Row className="tl-cart-totali">
        <Table.Summary.Cell index={0} colSpan={3}>
          <strong>{t('cartellino.totale')}</strong>
          <Typography.Text type="secondary"> · {t('cartellino.giorni_lavorati_n', { count: tot.giorni_lavorati })}</Typography.Text>
        </Table.Summary.Cell>
        <Table.Summary.Cell index={3} colSpan={2} className="tl-cart-tags">
          {Object.entries(tot.per_causale)
            .filter(([, m]) => m)
            .map(([codice, m]) => (
              <Tag key={codice} color="blue" style={{ marginInlineEnd: 4 }}>
                {codice} {formatMinuti(m)}
              </Tag>
            ))}
        </Table.Summary.Cell>
        {colonne.map((c, i) => (
          <Table.Summary.Cell key={c.key} index={5 + i} align="right">
            <strong>{formatMinuti(tot[c.key])}</strong>
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    </Table.Summary>
  );

  const toolbar = (
    <>
      {proprio ? null : <DipendenteSelect value={dipendenteId} onChange={(id) => setParam('dipendente', id ? String(id) : null)} />}
      <MesePicker value={mese} onChange={(m) => setParam('mese', m === meseCorrente() ? null : m)} />
      <Tooltip title={t('ui.aggiorna')}>
        <Button icon={<ReloadOutlined />} aria-label={t('ui.aggiorna')} disabled={!dipendenteId} onClick={() => void query.refetch()} />
      </Tooltip>
      <Button
        icon={<FilePdfOutlined />}
        disabled={!data}
        loading={files.busy === 'pdf'}
        onClick={() => void files.download('pdf', () => download(OPS_CONSULTAZIONE.cartellinoPdf, { query: fileQuery }), `${nomeFile}.pdf`, 'open')}
      >
        {t('cartellino.stampa_pdf')}
      </Button>
      <Button
        icon={<FileExcelOutlined />}
        disabled={!data}
        loading={files.busy === 'xlsx'}
        onClick={() => void files.download('xlsx', () => download(OPS_CONSULTAZIONE.cartellinoExcel, { query: fileQuery }), `${nomeFile}.xlsx`)}
      >
        {t('ui.esporta_excel')}
      </Button>
      {hr && data ? <ChiusuraMese mese={mese} chiuso={data.chiuso} /> : null}
    </>
  );

  const d = data?.dipendente;
  return (
    <div data-testid="cartellino">
      <PageHeader title={t('menu.cartellino')} extra={toolbar}>
        {d ? (
          <Space wrap size={8} style={{ marginTop: 4 }}>
            <Typography.Text strong>
              {d.cognome} {d.nome}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('dipendenti.matricola')} {d.matricola}
              {d.reparto_descrizione ? ` · ${d.reparto_descrizione}` : ''}
            </Typography.Text>
            <Typography.Text type="secondary">· {meseAnno(dj(`${mese}-01`))}</Typography.Text>
            {data ? <StatoMeseTag chiuso={data.chiuso} /> : null}
          </Space>
        ) : null}
      </PageHeader>

      {!dipendenteId ? (
        <Card>
          <Empty description={proprio ? t('home.nessun_dipendente') : t('consultazione.seleziona_dipendente')} />
        </Card>
      ) : query.isError && !data ? (
        <Alert
          type="error"
          showIcon
          title={t('consultazione.errore_caricamento')}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('ui.ricarica')}
            </Button>
          }
        />
      ) : (
        <>
          <div className="tl-cart-legenda" aria-hidden={!data}>
            <span className="tl-legend tl-legend--riposo">{t('cartellino.legenda_riposo')}</span>
            <span className="tl-legend tl-legend--festivo">{t('cartellino.legenda_festivo')}</span>
            <span>
              <sup>*</sup> {t('cartellino.legenda_manuale')}
            </span>
            <span>
              <sup>°</sup> {t('cartellino.legenda_differita')}
            </span>
            <span>
              <EditOutlined /> {t('cartellino.modificato')}
            </span>
          </div>
          {telefono ? (
            <ul className="tl-cart-cards" data-testid="cartellino-giorni" aria-busy={query.isFetching}>
              {giorni.map((g) => (
                <GiornoCard key={g.data} g={g} dj={dj} />
              ))}
            </ul>
          ) : (
            // every column in view on a laptop (the a11y walk checks it): HR reads leave and anomalies first
            <div data-testid="cartellino-tabella" data-columns-in-view>
            <Table<TGiornoCartellino>
              className="tl-cart"
              size="small"
              bordered
              rowKey="data"
              loading={query.isFetching}
              columns={columns}
              dataSource={giorni}
              pagination={false}
              sticky
              // the columns keep the widths given (a sticky header is a table of its own): what is longer wraps in its
              // cell, so every column stays in view on a laptop
              tableLayout="fixed"
              scroll={{ x: larghezzaTabella(colonne.length) }}
              rowClassName={(g) => `tl-cart-row--${g.tipo_giorno}${g.data === dayjs().format('YYYY-MM-DD') ? ' tl-cart-row--oggi' : ''}`}
              locale={{ emptyText: query.isLoading ? t('app.caricamento') : t('ui.nessun_dato') }}
              summary={data ? () => summary(data.totali) : undefined}
            />
            </div>
          )}
          {data ? <TotaliPanel data={data} saldi={saldi} /> : null}
        </>
      )}
    </div>
  );
}
