/** The consultations' public entry for the other screens: the month's toolbar pieces. Other modules import only this file. */
export { DipendenteSelect, LookupFilter, MesePicker, meseCorrente, PageHeader, StatoMeseTag, useDayjs, useFileDownload, useScope } from './components';
export { isMese } from './format';
