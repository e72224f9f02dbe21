/** The row delete action of every list: an icon button that asks for confirmation first. */
import { useTranslation } from 'react-i18next';
import { Button, Popconfirm, Tooltip } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';

export function ConfirmDeleteButton({ onConfirm, label }: { onConfirm: () => unknown; label?: string }) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t('ui.conferma_eliminazione')}
      okText={t('ui.elimina')}
      cancelText={t('ui.annulla')}
      okButtonProps={{ danger: true }}
      onConfirm={() => void onConfirm()}
    >
      <Tooltip title={t('ui.elimina')}>
        <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={label ?? t('ui.elimina')} />
      </Tooltip>
    </Popconfirm>
  );
}
