/** Issue #5, accessibility: every screen of the administrator's menu, with its drawers, modals and popovers (a11y-support.ts). No serious or critical violation may remain. */
import { menuSpec } from './a11y-support';

menuSpec(['admin']);
