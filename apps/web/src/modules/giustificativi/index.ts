/** The leave module's public entry for the other screens (the home page's widgets): other modules import only this file. */
export { ApprovazioniWidget, useIsApprover } from './ApprovazioniWidget';
export { DecisioniWidget } from './DecisioniWidget';
