import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Col, Descriptions, Empty, Row, Tag, Typography } from 'antd';
import { IdcardOutlined, UserOutlined } from '@ant-design/icons';
import { formatDate } from '../../platform/formats';
import { useSession } from '../../platform/session';
import { ApprovazioniWidget, DecisioniWidget, useIsApprover } from '../giustificativi';
import { DecisioniSettimaneWidget } from '../rilevazione';
import { DecisioniNoteWidget } from '../spese';
import { MieDotazioniWidget } from '../dotazioni';
import { DaFare } from './DaFare';

/** Home dashboard: what the user must act on (issue #12), then who is logged in (user, active profile, employee). */
export function HomePage() {
  const { t } = useTranslation();
  const { profile, defs } = useSession();
  const utente = profile?.utente;
  const dip = profile?.dipendente;
  const name = dip ? `${dip.nome} ${dip.cognome}` : (utente?.username ?? '');
  const approver = useIsApprover();
  // who files requests of their own hears of their decisions here
  const canRequest = defs.routes.includes('giustificativi.calendario');

  return (
    <div data-testid="home">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('home.benvenuto', { nome: name })}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24}>
          <DaFare />
        </Col>
        <Col xs={24} lg={12}>
          <Card
            title={
              <span>
                <UserOutlined /> {t('home.utente')}
              </span>
            }
          >
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('home.username')}>{utente?.username}</Descriptions.Item>
              <Descriptions.Item label={t('home.email')}>{utente?.email ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('home.profilo_attivo')}>
                {profile?.profilo ? (
                  <span>
                    {profile.profilo.descrizione} <Tag>{profile.profilo.codice}</Tag>
                  </span>
                ) : (
                  '—'
                )}
              </Descriptions.Item>
              {profile?.profilo ? (
                <Descriptions.Item label={t('home.ambito')}>{t(`profili.scope_${profile.profilo.scope}`)}</Descriptions.Item>
              ) : null}
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card
            title={
              <span>
                <IdcardOutlined /> {t('home.dipendente')}
              </span>
            }
          >
            {dip ? (
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('dipendenti.matricola')}>{dip.matricola}</Descriptions.Item>
                <Descriptions.Item label={t('dipendenti.cognome')}>{dip.cognome}</Descriptions.Item>
                <Descriptions.Item label={t('dipendenti.nome')}>{dip.nome}</Descriptions.Item>
                <Descriptions.Item label={t('dipendenti.data_assunzione')}>{formatDate(dip.data_assunzione) || '—'}</Descriptions.Item>
              </Descriptions>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.nessun_dipendente')} />
            )}
          </Card>
        </Col>
        {approver ? (
          <Col xs={24}>
            <ApprovazioniWidget />
          </Col>
        ) : null}
        {dip && canRequest ? (
          <Col xs={24}>
            <DecisioniWidget />
          </Col>
        ) : null}
        {dip && defs.routes.includes('rilevazione.commessa1') ? <Col xs={24}><DecisioniSettimaneWidget /></Col> : null}
        {dip && defs.routes.includes('notaspese') ? (
          <Suspense fallback={null}>
            <Col xs={24}>
              <DecisioniNoteWidget />
            </Col>
          </Suspense>
        ) : null}
        {dip ? (
          <Suspense fallback={null}>
            <Col xs={24}>
              <MieDotazioniWidget />
            </Col>
          </Suspense>
        ) : null}
      </Row>
    </div>
  );
}
