/**
 * What a visit's check-in and check-out answers say (issue #12): the keys stay the spec's (`avvisi.created`,
 * `avvisi.updated`), and i18next's `context` picks the specific text, "Ingresso di Carla Boschi registrato alle 09:12".
 */
type Visita = { nome: string; cognome: string; entrata: string; uscita?: string | null };

export const checkInParams = (v: Visita) => ({ context: 'ingresso_visita' as const, nome: `${v.nome} ${v.cognome}`, ora: v.entrata.slice(11, 16) });
export const checkOutParams = (v: Visita, uscita: string) => ({ context: 'uscita_visita' as const, nome: `${v.nome} ${v.cognome}`, ora: uscita.slice(11, 16) });
