/**
 * What the payroll export hands a payroll package (issue #31 §4): the month's movements by *kind* — the worked hours
 * by their kind, each leave by its causale's code, the money other modules pay through payroll by its payroll code —
 * and the layouts (*tracciati*) that write them as a package reads them.
 */
import { z } from 'zod';
import { type MinutiKey } from './presenze';

/**
 * The kinds of worked hours a payroll file carries: each with the timecard day's field it reads and the voice code
 * today's export writes when neither the setting `codici_paghe` nor a layout maps it. A new kind is one line here.
 */
export const ORE_PAGHE = {
  ordinari: { campo: 'minuti_ordinari', voce: 'ORD' },
  straordinari: { campo: 'minuti_straordinari', voce: 'STR' },
  notturni: { campo: 'minuti_notturni', voce: 'NOT' },
  festivi: { campo: 'minuti_festivi', voce: 'FES' },
} as const satisfies Record<string, { campo: MinutiKey; voce: string }>;
export type GenereOre = keyof typeof ORE_PAGHE;
/** The kinds of worked hours, in the order a file writes them. */
export const GENERI_ORE = Object.keys(ORE_PAGHE) as GenereOre[];

/** What a movement is: worked hours of a kind, a leave by its causale's code, an amount by its payroll code. */
export const GRUPPI_MOVIMENTO = ['ore', 'causale', 'importo'] as const;
export type GruppoMovimento = (typeof GRUPPI_MOVIMENTO)[number];
