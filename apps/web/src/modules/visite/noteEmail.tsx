/** The expandable row of visitor lists: e-mail and notes, when there are any. */
import { Space } from 'antd';
import type { TFunction } from 'i18next';

export function noteEmailExpandable<T extends { note: string | null; email: string | null }>(t: TFunction) {
  return {
    rowExpandable: (r: T) => !!r.note || !!r.email,
    expandedRowRender: (r: T) => (
      <Space orientation="vertical" size={2}>
        {r.email ? <span>{`${t('visite.email')}: ${r.email}`}</span> : null}
        {r.note ? <span>{`${t('visite.note')}: ${r.note}`}</span> : null}
      </Space>
    ),
  };
}
