/**
 * Issue #5, accessibility: every screen of a department manager's (laura.bianchi), an employee's (mario.rossi) and
 * reception's (portineria) menus (a11y-support.ts). No serious or critical violation may remain.
 */
import { menuSpec } from './a11y-support';

menuSpec(['laura.bianchi', 'mario.rossi', 'portineria']);
