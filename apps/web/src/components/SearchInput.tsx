import { useTranslation } from 'react-i18next';
import { Button, Input, type GetProps } from 'antd';
import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';

type SearchProps = GetProps<typeof Input.Search>;

/**
 * antd's Input.Search with its two icon-only buttons named in the user's language: antd leaves them
 * named after their icons, in English ("search", "close-circle").
 */
export function SearchInput({ allowClear, ...props }: SearchProps) {
  const { t } = useTranslation();
  return (
    <Input.Search
      enterButton={<Button icon={<SearchOutlined />} aria-label={t('ui.cerca')} />}
      allowClear={allowClear ? { clearIcon: <CloseCircleFilled aria-label={t('ui.cancella_ricerca')} /> } : allowClear}
      {...props}
    />
  );
}
