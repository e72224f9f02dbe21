/**
 * The transparency check of the hiring letters (D.Lgs 152/1997 art. 1 and 1-bis) as a checklist, and the preview of
 * each document as a page. Every item says what it is in words and with an icon, never by colour alone: present,
 * missing, or given by reference to the CCNL (art. 1 c. 6).
 */
import { useTranslation } from 'react-i18next';
import { Alert, Card, Tabs, Tag, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, ReadOutlined } from '@ant-design/icons';
import { chiaveTrasparenza, ELEMENTI_TRASPARENZA, type ElementoTrasparenza } from '@tulip/contract';

export type Esito = { mancanti: string[]; rinvio_ccnl: string[] };
export type Anteprima = Esito & {
  documenti: { modello_id: number; descrizione: string; lettera_assunzione: boolean; paragrafi: { stile: 'titolo' | 'sottotitolo' | 'testo'; testo: string }[] }[];
};

/** What decides whether an item applies: the contract's type, part-time, the company's automated systems. */
export type Contesto = { determinato: boolean; partTime: boolean; sistemi: boolean };

const ORARIO_PREVEDIBILE: readonly string[] = ['orario_normale', 'straordinario'];
const ORARIO_IMPREVEDIBILE: readonly string[] = ['orario_variabilita', 'orario_riferimento', 'orario_preavviso'];

/** The items that apply to this document: those the server names, and the ones its data make relevant. */
export function elementiPertinenti(esito: Esito, c: Contesto): ElementoTrasparenza[] {
  const nominati = new Set([...esito.mancanti, ...esito.rinvio_ccnl]);
  const imprevedibile = ORARIO_IMPREVEDIBILE.some((e) => nominati.has(e));
  return ELEMENTI_TRASPARENZA.filter((e) => {
    if (nominati.has(e)) return true;
    if (e === 'data_fine' || e === 'causale') return c.determinato;
    if (e === 'part_time') return c.partTime;
    if (e === 'cambi_turno') return false; // only with shifts, which the server names when it misses them
    if (e.startsWith('sistemi_')) return c.sistemi;
    if (ORARIO_IMPREVEDIBILE.includes(e)) return imprevedibile;
    if (ORARIO_PREVEDIBILE.includes(e)) return !imprevedibile;
    return true;
  });
}

type Stato = 'mancante' | 'rinvio' | 'presente';

export function Checklist({ esito, contesto }: { esito: Esito; contesto: Contesto }) {
  const { t } = useTranslation();
  const mancanti = new Set(esito.mancanti);
  const rinvio = new Set(esito.rinvio_ccnl);
  const stato = (e: string): Stato => (mancanti.has(e) ? 'mancante' : rinvio.has(e) ? 'rinvio' : 'presente');
  const elementi = elementiPertinenti(esito, contesto);
  // the missing ones first: what the user has to do
  const ordinati = [...elementi.filter((e) => mancanti.has(e)), ...elementi.filter((e) => !mancanti.has(e))];
  return (
    <Card size="small" title={t('stipulazione.checklist')} data-testid="checklist">
      {esito.mancanti.length ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="checklist-esito"
          title={t('stipulazione.mancano', { count: esito.mancanti.length })}
          description={t('stipulazione.mancano_aiuto')}
        />
      ) : (
        <Alert type="success" showIcon style={{ marginBottom: 12 }} data-testid="checklist-esito" title={t('stipulazione.completa')} />
      )}
      <ul
        aria-label={t('stipulazione.checklist')}
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(480px, 1fr))', columnGap: 24 }}
      >
        {ordinati.map((e) => {
          const s = stato(e);
          return (
            <li
              key={e}
              data-testid={`elemento-${e}`}
              data-stato={s}
              style={{ display: 'flex', gap: 8, alignItems: 'center', padding: '4px 0', borderBottom: '1px solid #f0f0f0' }}
            >
              {s === 'mancante' ? (
                <CloseCircleFilled aria-hidden style={{ color: '#cf1322', flex: 'none' }} />
              ) : s === 'rinvio' ? (
                <ReadOutlined aria-hidden style={{ color: '#0958d9', flex: 'none' }} />
              ) : (
                <CheckCircleFilled aria-hidden style={{ color: '#389e0d', flex: 'none' }} />
              )}
              <Tag color={s === 'mancante' ? 'error' : s === 'rinvio' ? 'processing' : 'success'} style={{ minWidth: 110, textAlign: 'center', marginInlineEnd: 0, flex: 'none' }}>
                {t(`stipulazione.stato_${s}`)}
              </Tag>
              <span style={s === 'mancante' ? { fontWeight: 600 } : undefined}>{t(chiaveTrasparenza(e))}</span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** The documents as they will be: each a page with its titles and paragraphs, in a tab of its own. */
export function Anteprime({ documenti }: { documenti: Anteprima['documenti'] }) {
  const { t } = useTranslation();
  if (!documenti.length) return null;
  return (
    <Card size="small" title={t('stipulazione.anteprima')} data-testid="anteprime">
      <Tabs
        items={documenti.map((d) => ({
          key: String(d.modello_id),
          label: d.descrizione,
          children: (
            <div style={{ background: '#f0f2f5', padding: 16, maxHeight: 640, overflow: 'auto' }} tabIndex={0} aria-label={t('stipulazione.anteprima_di', { documento: d.descrizione })}>
              <article
                data-testid={`anteprima-${d.modello_id}`}
                style={{
                  background: '#fff', maxWidth: 760, margin: '0 auto', padding: '48px 56px', boxShadow: '0 1px 4px rgba(0,0,0,.15)',
                  fontFamily: 'Georgia, "Times New Roman", serif', fontSize: 14, lineHeight: 1.6, color: '#1f1f1f',
                }}
              >
                {d.paragrafi.map((p, i) =>
                  p.stile === 'titolo' ? (
                    <Typography.Title key={i} level={4} style={{ textAlign: 'center', fontFamily: 'inherit', marginTop: i ? 24 : 0 }}>
                      {p.testo}
                    </Typography.Title>
                  ) : p.stile === 'sottotitolo' ? (
                    <Typography.Title key={i} level={5} style={{ fontFamily: 'inherit', marginTop: 16 }}>
                      {p.testo}
                    </Typography.Title>
                  ) : (
                    <p key={i} style={{ whiteSpace: 'pre-wrap', margin: '0 0 8px', textAlign: 'justify' }}>
                      {p.testo}
                    </p>
                  ),
                )}
              </article>
            </div>
          ),
        }))}
      />
    </Card>
  );
}
