/**
 * /contratti/stipulazione (issue #18): the hiring documents. Generating them for an employee or a new hire, checked
 * against D.Lgs 152/1997 art. 1 and previewed first; their templates (DOCX with merge fields); the merge fields a
 * template may use; the company's data every document reads.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Tabs, Typography } from 'antd';
import { OPS_CONTRATTI } from '@tulip/contract/wire';
import { call } from '../../platform/api';
import { GeneraTab } from './StipulazioneGenera';
import { ModelliTab } from './ModelliTab';
import { CampiTab } from './StipulazioneCampi';
import { PARAMETRI_KEY, ParametriTab } from './StipulazioneParametri';

const TABS = ['genera', 'modelli', 'campi', 'dati'] as const;
type Tab = (typeof TABS)[number];

export function StipulazionePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'genera';
  // the company declares automated systems: the checklist shows the items of art. 1-bis
  const parametri = useQuery({ queryKey: PARAMETRI_KEY, queryFn: () => call(OPS_CONTRATTI.parametriDocumenti) });
  return (
    <div data-testid="contratti-stipulazione">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('menu.contratti.stipulazione')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'genera' ? {} : { tab: k }, { replace: true })}
        items={[
          { key: 'genera', label: t('stipulazione.tab_genera'), children: <GeneraTab sistemi={!!parametri.data?.sistemi_automatizzati} /> },
          { key: 'modelli', label: t('stipulazione.tab_modelli'), children: <ModelliTab />, destroyOnHidden: true },
          { key: 'campi', label: t('stipulazione.tab_campi'), children: <CampiTab />, destroyOnHidden: true },
          { key: 'dati', label: t('stipulazione.tab_dati'), children: <ParametriTab />, destroyOnHidden: true },
        ]}
      />
    </div>
  );
}
