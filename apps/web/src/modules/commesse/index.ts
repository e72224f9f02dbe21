/** The job orders module's public entry for the other screens: the order and phase pickers, the order's state, hours. */
export { CommessaSelect, FaseSelect, ore, ReportLink, StatoTag, useCommessa } from './common';
