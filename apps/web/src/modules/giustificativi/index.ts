/** The leave module's public entry for the other screens (the home page's widgets): other modules import only this file. */
import { lazyPage } from '../../routing';

export { useIsApprover } from './approver';
/** The home page's cards load apart (they hold antd's Table and List), after the page's first paint. */
export const ApprovazioniWidget = lazyPage(() => import('./ApprovazioniWidget'), 'ApprovazioniWidget');
export const DecisioniWidget = lazyPage(() => import('./DecisioniWidget'), 'DecisioniWidget');
