import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Card, Checkbox, Col, Empty, Row as GridRow, Space, Spin, Tag } from 'antd';
import { MENU_GROUPS, ROUTES, SCOPES, ZProfilo } from '@tulip/contract';
import { OPS_ANAGRAFICA, RES_PROFILI } from '@tulip/contract/wire';
import { ResourcePage, type ColumnDef, type FieldDef } from '../../components/ResourcePage';
import { call } from '../../platform/api';

/** Checklist of the route catalogue (GET /api/profili/routes), grouped by menu group. */
function RoutesChecklist({ value, onChange, id }: { value?: string[]; onChange?: (v: string[]) => void; id?: string }) {
  const { t } = useTranslation();
  const catalog = useQuery({
    queryKey: ['route-catalog'],
    queryFn: () => call(OPS_ANAGRAFICA.catalogoRoutes),
    staleTime: 10 * 60_000,
  });
  const selected = new Set(value ?? []);
  const defs = Array.isArray(catalog.data) ? catalog.data : [];
  const groups = [...MENU_GROUPS, ...new Set(defs.map((d) => d.group).filter((g) => !(MENU_GROUPS as readonly string[]).includes(g)))];
  const set = (names: string[], on: boolean) => {
    const next = new Set(selected);
    for (const n of names) {
      if (on) next.add(n);
      else next.delete(n);
    }
    onChange?.([...next]);
  };

  if (catalog.isLoading) return <Spin />;
  if (!defs.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ui.nessun_dato')} />;
  return (
    <Space id={id} orientation="vertical" style={{ width: '100%' }} size="small">
      {groups.map((g) => {
        const items = defs.filter((d) => d.group === g);
        if (!items.length) return null;
        const names = items.map((d) => d.name);
        const count = names.filter((n) => selected.has(n)).length;
        return (
          <Card
            key={g}
            size="small"
            title={
              <Checkbox
                checked={count === names.length}
                indeterminate={count > 0 && count < names.length}
                onChange={(e) => set(names, e.target.checked)}
              >
                {t(`menu.gruppo.${g}`)}
              </Checkbox>
            }
          >
            <GridRow gutter={[8, 4]}>
              {items.map((d) => (
                <Col key={d.name} span={12}>
                  <Checkbox checked={selected.has(d.name)} onChange={(e) => set([d.name], e.target.checked)}>
                    {t(d.title)} {d.ready ? null : <Tag style={{ marginLeft: 4 }}>{t(d.api ? 'profili.solo_api' : 'profili.non_disponibile')}</Tag>}
                  </Checkbox>
                </Col>
              ))}
            </GridRow>
          </Card>
        );
      })}
    </Space>
  );
}

const fields: FieldDef[] = [
  { name: 'codice', label: 'profili.codice', required: true, span: 12 },
  {
    name: 'scope',
    label: 'profili.scope',
    type: 'select',
    required: true,
    span: 12,
    options: SCOPES.map((s) => ({ value: s, label: `profili.scope_${s}` })),
  },
  { name: 'descrizione', label: 'profili.descrizione', required: true },
  {
    name: 'pagina_iniziale',
    label: 'profili.pagina_iniziale',
    type: 'select',
    options: ROUTES.filter((r) => r.ready).map((r) => ({ value: r.name, label: r.title })),
    extra: (_row, t) => t('profili.pagina_iniziale_extra'),
  },
  { name: 'routes', label: 'profili.routes', type: 'custom', render: () => <RoutesChecklist /> },
];

/** /anagrafica/profili: profiles, their data scope and the routes they open. */
export function ProfiliPage() {
  const { t } = useTranslation();
  const columns: ColumnDef[] = [
    { key: 'codice', title: 'profili.codice', sorter: true },
    { key: 'descrizione', title: 'profili.descrizione', sorter: true },
    { key: 'scope', title: 'profili.scope', render: (r) => t(`profili.scope_${String(r.scope)}`), exportValue: (r) => t(`profili.scope_${String(r.scope)}`) },
    {
      key: 'routes',
      title: 'profili.routes',
      render: (r) => (Array.isArray(r.routes) ? r.routes.length : 0),
      exportValue: (r) => (Array.isArray(r.routes) ? (r.routes as string[]).join(', ') : ''),
    },
  ];
  return (
    <ResourcePage
      resource={{ wire: RES_PROFILI, title: 'menu.anagrafica.profili', entity: 'entita.profilo', schema: ZProfilo }}
      columns={columns}
      form={{ fields, width: 760 }}
      defaultSort="codice"
    />
  );
}
