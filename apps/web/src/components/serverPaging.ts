/** Server-side paging for antd tables: page and size state, the `pagination` prop and the change handler. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TablePaginationConfig } from 'antd';

export function useServerPaging(initialSize = 20) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(initialSize);
  /** Props for <Table>: a changed page size goes back to the first page. */
  const tableProps = (total: number) => ({
    pagination: {
      current: page,
      pageSize: size,
      total,
      showSizeChanger: true,
      pageSizeOptions: [10, 20, 50, 100],
      showTotal: (n: number) => t('ui.totale_elementi', { count: n }),
    } satisfies TablePaginationConfig,
    onChange: (p: TablePaginationConfig) => {
      const next = p.pageSize ?? size;
      setPage(next !== size ? 1 : (p.current ?? 1));
      setSize(next);
    },
  });
  return { page, size, setPage, tableProps };
}
