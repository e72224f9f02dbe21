CREATE TABLE "assegnazioni_orario" (
	"id" serial PRIMARY KEY NOT NULL,
	"dipendente_id" integer NOT NULL,
	"orario_id" integer NOT NULL,
	"dal" date NOT NULL,
	"al" date
);
--> statement-breakpoint
CREATE TABLE "calendario_servizi" (
	"dipendente_id" integer NOT NULL,
	"data" date NOT NULL,
	"turno_id" integer,
	"modificato_da" integer,
	"modificato_il" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendario_servizi_dipendente_id_data_pk" PRIMARY KEY("dipendente_id","data")
);
--> statement-breakpoint
CREATE TABLE "festivita" (
	"id" serial PRIMARY KEY NOT NULL,
	"data" date NOT NULL,
	"descrizione" varchar(120) NOT NULL,
	"tipo" varchar(20) NOT NULL,
	CONSTRAINT "festivita_data_unique" UNIQUE("data")
);
--> statement-breakpoint
CREATE TABLE "orari_settimanali" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice" varchar(20) NOT NULL,
	"descrizione" varchar(120) NOT NULL,
	"giorni" jsonb NOT NULL,
	CONSTRAINT "orari_settimanali_codice_unique" UNIQUE("codice")
);
--> statement-breakpoint
CREATE TABLE "turni" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice" varchar(20) NOT NULL,
	"descrizione" varchar(120) NOT NULL,
	"colore" varchar(7) DEFAULT '#1677ff' NOT NULL,
	"fasce" jsonb NOT NULL,
	"minuti_teorici" integer,
	"flessibilita" integer DEFAULT 0 NOT NULL,
	"tolleranza" integer DEFAULT 0 NOT NULL,
	"arrotondamento_entrata" integer DEFAULT 0 NOT NULL,
	"arrotondamento_uscita" integer DEFAULT 0 NOT NULL,
	"soglia_straordinario" integer DEFAULT 0 NOT NULL,
	"blocco_straordinario" integer DEFAULT 0 NOT NULL,
	"pausa_minima" integer DEFAULT 0 NOT NULL,
	"notturno" jsonb NOT NULL,
	CONSTRAINT "turni_codice_unique" UNIQUE("codice")
);
--> statement-breakpoint
CREATE TABLE "mesi_chiusi" (
	"mese" varchar(7) PRIMARY KEY NOT NULL,
	"chiuso_da" integer,
	"chiuso_il" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminali" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"descrizione" varchar(120) NOT NULL,
	"chiave_hash" text NOT NULL,
	"attivo" boolean DEFAULT true NOT NULL,
	"creato_il" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_uso" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "timbrature" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dipendente_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"verso" char(1) NOT NULL,
	"fonte" varchar(12) NOT NULL,
	"terminale_id" integer,
	"lat" double precision,
	"lon" double precision,
	"id_richiesta" uuid NOT NULL,
	"stato" varchar(10) DEFAULT 'valida' NOT NULL,
	"corregge_id" bigint,
	"motivo" text,
	"motivo_annullamento" text,
	"utente_id" integer,
	"creata_il" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "causali" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice" varchar(20) NOT NULL,
	"descrizione" varchar(120) NOT NULL,
	"unita" varchar(1) NOT NULL,
	"retribuita" boolean DEFAULT true NOT NULL,
	"richiede_approvazione" boolean DEFAULT true NOT NULL,
	"conta_come_lavorato" boolean DEFAULT false NOT NULL,
	"saldo" boolean DEFAULT false NOT NULL,
	"spettanza_annua_minuti" integer,
	"codice_paghe" varchar(20),
	"richiede_certificato" boolean DEFAULT false NOT NULL,
	"colore" varchar(7) DEFAULT '#52c41a' NOT NULL,
	"attiva" boolean DEFAULT true NOT NULL,
	CONSTRAINT "causali_codice_unique" UNIQUE("codice")
);
--> statement-breakpoint
CREATE TABLE "giustificativi" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dipendente_id" integer NOT NULL,
	"causale_id" integer NOT NULL,
	"dal" date NOT NULL,
	"al" date NOT NULL,
	"minuti" integer,
	"stato" varchar(10) NOT NULL,
	"note" text,
	"certificato" varchar(40),
	"richiesto_da" integer,
	"richiesto_il" timestamp with time zone DEFAULT now() NOT NULL,
	"deciso_da" integer,
	"deciso_il" timestamp with time zone,
	"motivo_decisione" text
);
--> statement-breakpoint
CREATE TABLE "spettanze" (
	"dipendente_id" integer NOT NULL,
	"anno" integer NOT NULL,
	"causale_id" integer NOT NULL,
	"minuti" integer NOT NULL,
	"residuo_precedente" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "spettanze_dipendente_id_anno_causale_id_pk" PRIMARY KEY("dipendente_id","anno","causale_id")
);
--> statement-breakpoint
ALTER TABLE "assegnazioni_orario" ADD CONSTRAINT "assegnazioni_orario_dipendente_id_dipendenti_id_fk" FOREIGN KEY ("dipendente_id") REFERENCES "public"."dipendenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assegnazioni_orario" ADD CONSTRAINT "assegnazioni_orario_orario_id_orari_settimanali_id_fk" FOREIGN KEY ("orario_id") REFERENCES "public"."orari_settimanali"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendario_servizi" ADD CONSTRAINT "calendario_servizi_dipendente_id_dipendenti_id_fk" FOREIGN KEY ("dipendente_id") REFERENCES "public"."dipendenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendario_servizi" ADD CONSTRAINT "calendario_servizi_turno_id_turni_id_fk" FOREIGN KEY ("turno_id") REFERENCES "public"."turni"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timbrature" ADD CONSTRAINT "timbrature_dipendente_id_dipendenti_id_fk" FOREIGN KEY ("dipendente_id") REFERENCES "public"."dipendenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giustificativi" ADD CONSTRAINT "giustificativi_dipendente_id_dipendenti_id_fk" FOREIGN KEY ("dipendente_id") REFERENCES "public"."dipendenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giustificativi" ADD CONSTRAINT "giustificativi_causale_id_causali_id_fk" FOREIGN KEY ("causale_id") REFERENCES "public"."causali"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spettanze" ADD CONSTRAINT "spettanze_dipendente_id_dipendenti_id_fk" FOREIGN KEY ("dipendente_id") REFERENCES "public"."dipendenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spettanze" ADD CONSTRAINT "spettanze_causale_id_causali_id_fk" FOREIGN KEY ("causale_id") REFERENCES "public"."causali"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assegnazioni_orario_dip_idx" ON "assegnazioni_orario" USING btree ("dipendente_id","dal");--> statement-breakpoint
CREATE INDEX "calendario_servizi_data_idx" ON "calendario_servizi" USING btree ("data");--> statement-breakpoint
CREATE UNIQUE INDEX "timbrature_id_richiesta_uq" ON "timbrature" USING btree ("id_richiesta");--> statement-breakpoint
CREATE INDEX "timbrature_dip_ts_idx" ON "timbrature" USING btree ("dipendente_id","ts");--> statement-breakpoint
CREATE INDEX "giustificativi_dip_idx" ON "giustificativi" USING btree ("dipendente_id","dal");--> statement-breakpoint
CREATE INDEX "giustificativi_stato_idx" ON "giustificativi" USING btree ("stato");