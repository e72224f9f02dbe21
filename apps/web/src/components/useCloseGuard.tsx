/**
 * Escape, the cross or Annulla on a drawer or a modal whose form was changed asks before throwing the changes away
 * (issue #12); a form left as it was opened just closes. "Changed" is by value: some widgets report a change on
 * their own as they mount, which marks the form touched without the user doing anything.
 */
import { useEffect, useRef } from 'react';
import { Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

/** The form's values as text, to compare; a value that cannot be written out (a cycle) is left out. */
function valuesOf(form: FormInstance): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(form.getFieldsValue(true), (_key, v: unknown) => {
    if (typeof v !== 'object' || v === null) return v;
    if (seen.has(v)) return undefined;
    seen.add(v);
    return v;
  });
}

/**
 * Returns the close handler to give the drawer or modal, and the holder to render inside it (antd's hook modal).
 * `open`: whether it is shown; the values it opens with (once the form's own effects have filled it) are the
 * reference.
 */
export function useCloseGuard(form: FormInstance, close: () => void, open = true) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const opened = useRef<string | null>(null);
  useEffect(() => {
    opened.current = null;
    if (!open) return;
    // after the effects that fill the form on opening
    const id = setTimeout(() => (opened.current = valuesOf(form)));
    return () => clearTimeout(id);
  }, [open, form]);
  const ask = () => {
    const changed = form.isFieldsTouched() && (opened.current === null || valuesOf(form) !== opened.current);
    if (!changed) return close();
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
