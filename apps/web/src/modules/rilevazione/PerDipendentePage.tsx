import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Empty, Space, Tabs, Typography } from 'antd';
import { UnlockOutlined } from '@ant-design/icons';
import type { TSettimana } from '@tulip/contract';
import { OPS_RILEVAZIONE, RES_DIPENDENTI } from '@tulip/contract/wire';
import { useLookup } from '../../platform/queries';
import { call } from '../../platform/api';
import { DipendenteSelect, useScope } from '../../components/people';
import { settimanaCorrente, useEtichettaSettimana } from './common';
import { MotivoButton } from '../../components/MotivoButton';
import { DaApprovare, DecisioneSettimana } from './DaApprovare';
import { GrigliaSettimana } from './Griglia';
import { Registrazioni } from './Registrazioni';
import { Riconciliazione } from './Riconciliazione';

/** The decisions on a person's week: approve or send back a sent one; HR reopens an approved one, with a reason. */
function Decisioni({ w, nome }: { w: TSettimana; nome: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const { scope, dipendente } = useScope();
  const etichetta = useEtichettaSettimana();
  // nobody decides on their own hours
  if (w.dipendente_id === dipendente?.id) return null;
  if (w.stato === 'inviata') return <DecisioneSettimana dipendenteId={w.dipendente_id} settimana={w.settimana} chi={`${nome}, ${etichetta(w.settimana)}`} />;
  if (w.stato === 'approvata' && scope === 'tutti')
    return (
      <MotivoButton
        icon={<UnlockOutlined />}
        label={t('rilevazione.riapri')}
        title={t('rilevazione.riapri_titolo')}
        conferma={t('rilevazione.riapri')}
        onConfirm={async (motivo) => {
          await call(OPS_RILEVAZIONE.riapri, { body: { dipendente_id: w.dipendente_id, settimana: w.settimana, motivo } });
          await qc.invalidateQueries({ queryKey: ['rilevazione'] });
        }}
        testId="riapri-settimana"
      />
    );
  return null;
}

/** One person's week: the grid, with the decisions, and the bookings one by one. */
function PerDipendente({ dipendenteId, onDipendente, settimana, onSettimana }: { dipendenteId: number | null; onDipendente: (id: number | null) => void; settimana: string; onSettimana: (s: string) => void }) {
  const { t } = useTranslation();
  const { dipendente } = useScope();
  const lookup = useLookup(RES_DIPENDENTI.path);
  const nome = (lookup.data ?? []).find((d) => Number(d.value) === dipendenteId)?.label ?? '';
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <DipendenteSelect
        value={dipendenteId}
        onChange={((v: number | undefined) => onDipendente(v ?? null)) as never}
        style={{ width: 320 }}
        allowClear
      />
      {dipendenteId ? (
        <>
          <GrigliaSettimana key={dipendenteId} dipendenteId={dipendenteId} settimana={settimana} onSettimana={onSettimana} decisioni={(w) => <Decisioni w={w} nome={nome} />} />
          <Registrazioni dipendenteId={dipendenteId} settimana={settimana} mioDipendente={dipendente?.id ?? null} />
        </>
      ) : (
        <Empty description={t('rilevazione.scegli_dipendente')} style={{ padding: 48 }} />
      )}
    </Space>
  );
}

/** /rilevazione/commessa2: recording per employee, the weeks waiting for approval, the reconciliation with the timecard. */
export function PerDipendentePage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('dipendente');
  const [dipendenteId, setDipendenteId] = useState<number | null>(null);
  const [settimana, setSettimana] = useState(settimanaCorrente);
  return (
    <div data-testid="rilevazione-per-dipendente">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('menu.rilevazione.commessa2')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'dipendente',
            label: t('rilevazione.per_dipendente'),
            children: <PerDipendente dipendenteId={dipendenteId} onDipendente={setDipendenteId} settimana={settimana} onSettimana={setSettimana} />,
          },
          {
            key: 'da-approvare',
            label: t('rilevazione.da_approvare'),
            children: (
              <DaApprovare
                onApri={(id, s) => {
                  setDipendenteId(id);
                  setSettimana(s);
                  setTab('dipendente');
                }}
              />
            ),
          },
          { key: 'riconciliazione', label: t('rilevazione.riconciliazione'), children: <Riconciliazione /> },
        ]}
      />
    </div>
  );
}
