import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs, Typography } from 'antd';
import { DipendenteTab } from './SchedaDipendente';
import { ScadenzeTab } from './ScadenzeTab';
import { ConsegneTab } from './ConsegneTab';

const TABS = ['dipendente', 'scadenze', 'consegne'] as const;
type Tab = (typeof TABS)[number];

/**
 * /dotazioni/consegne: deliveries of equipment to employees. Tabs: one employee's equipment and a delivery to them,
 * the items falling due (the home page's count leads here, `?tab=scadenze`), every delivery. The tab and the employee
 * are in the address, so a link or a reload keeps them.
 */
export function ConsegnePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'dipendente';
  const dipendente = Number(params.get('dipendente')) || null;
  const go = (next: { tab?: Tab; dipendente?: number | null }) => {
    const p = new URLSearchParams(params);
    const nt = next.tab ?? tab;
    if (nt === 'dipendente') p.delete('tab');
    else p.set('tab', nt);
    if (next.dipendente !== undefined) {
      if (next.dipendente) p.set('dipendente', String(next.dipendente));
      else p.delete('dipendente');
    }
    setParams(p, { replace: true });
  };

  return (
    <div data-testid="dotazioni-consegne">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('menu.dotazioni.consegne')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(k) => go({ tab: k as Tab })}
        destroyOnHidden
        items={[
          { key: 'dipendente', label: t('dotazioni.tab_dipendente'), children: <DipendenteTab dipendenteId={dipendente} onDipendente={(id) => go({ dipendente: id })} /> },
          { key: 'scadenze', label: t('dotazioni.tab_scadenze'), children: <ScadenzeTab /> },
          { key: 'consegne', label: t('dotazioni.tab_consegne'), children: <ConsegneTab /> },
        ]}
      />
    </div>
  );
}
