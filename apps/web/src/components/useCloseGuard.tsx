/**
 * Escape, the cross or Annulla on a drawer or a modal whose form was changed asks before throwing the changes away
 * (issue #12); an untouched form just closes.
 */
import { Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

/** Returns the close handler to give the drawer or modal, and the holder to render inside it (antd's hook modal). */
export function useCloseGuard(form: FormInstance, close: () => void) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const ask = () => {
    if (!form.isFieldsTouched()) return close();
    void modal.confirm({
      title: t('ui.chiudere_senza_salvare'),
      content: t('ui.modifiche_perse'),
      okText: t('ui.chiudi_senza_salvare'),
      cancelText: t('ui.continua_modifica'),
      onOk: close,
    });
  };
  return [ask, holder] as const;
}
