CREATE TABLE "contratti_ccnl" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice" varchar(30) NOT NULL,
	"descrizione" varchar(200) NOT NULL,
	"mensilita" integer NOT NULL,
	"ore_settimanali" numeric(4, 2) NOT NULL,
	"divisore_orario" integer NOT NULL,
	"valido_dal" date,
	"valido_al" date,
	CONSTRAINT "contratti_ccnl_codice_unique" UNIQUE("codice")
);
--> statement-breakpoint
CREATE TABLE "contratti_dipendenti" (
	"id" serial PRIMARY KEY NOT NULL,
	"dipendente_id" integer NOT NULL,
	"dal" date NOT NULL,
	"ccnl_id" integer NOT NULL,
	"livello_id" integer NOT NULL,
	"qualifica" varchar(12) NOT NULL,
	"tipo_contratto" varchar(15) NOT NULL,
	"data_fine" date,
	"causale" varchar(300),
	"part_time" boolean DEFAULT false NOT NULL,
	"percentuale_part_time" integer,
	"distribuzione_part_time" varchar(12),
	"superminimo" integer DEFAULT 0 NOT NULL,
	"sede_id" integer,
	"mansione_id" integer,
	"note" varchar(300),
	"creato_il" timestamp with time zone DEFAULT now() NOT NULL,
	"creato_da" integer,
	CONSTRAINT "contratti_dipendenti_superminimo_check" CHECK ("contratti_dipendenti"."superminimo" >= 0),
	CONSTRAINT "contratti_dipendenti_percentuale_check" CHECK ("contratti_dipendenti"."percentuale_part_time" is null or "contratti_dipendenti"."percentuale_part_time" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "contratti_livelli" (
	"id" serial PRIMARY KEY NOT NULL,
	"ccnl_id" integer NOT NULL,
	"codice" varchar(10) NOT NULL,
	"descrizione" varchar(200) NOT NULL,
	"ordine" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contratti_voci" (
	"id" serial PRIMARY KEY NOT NULL,
	"ccnl_id" integer NOT NULL,
	"livello_id" integer NOT NULL,
	"voce" varchar(60) NOT NULL,
	"decorrenza" date NOT NULL,
	"importo" integer NOT NULL,
	"creato_il" timestamp with time zone DEFAULT now() NOT NULL,
	"creato_da" integer,
	CONSTRAINT "contratti_voci_importo_check" CHECK ("contratti_voci"."importo" >= 0)
);
--> statement-breakpoint
ALTER TABLE "contratti_dipendenti" ADD CONSTRAINT "contratti_dipendenti_dipendente_id_dipendenti_id_fk" FOREIGN KEY ("dipendente_id") REFERENCES "public"."dipendenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratti_dipendenti" ADD CONSTRAINT "contratti_dipendenti_ccnl_id_contratti_ccnl_id_fk" FOREIGN KEY ("ccnl_id") REFERENCES "public"."contratti_ccnl"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratti_dipendenti" ADD CONSTRAINT "contratti_dipendenti_livello_id_contratti_livelli_id_fk" FOREIGN KEY ("livello_id") REFERENCES "public"."contratti_livelli"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratti_dipendenti" ADD CONSTRAINT "contratti_dipendenti_sede_id_sedi_id_fk" FOREIGN KEY ("sede_id") REFERENCES "public"."sedi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratti_dipendenti" ADD CONSTRAINT "contratti_dipendenti_mansione_id_mansioni_id_fk" FOREIGN KEY ("mansione_id") REFERENCES "public"."mansioni"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratti_dipendenti" ADD CONSTRAINT "contratti_dipendenti_creato_da_utenti_id_fk" FOREIGN KEY ("creato_da") REFERENCES "public"."utenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratti_livelli" ADD CONSTRAINT "contratti_livelli_ccnl_id_contratti_ccnl_id_fk" FOREIGN KEY ("ccnl_id") REFERENCES "public"."contratti_ccnl"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratti_voci" ADD CONSTRAINT "contratti_voci_ccnl_id_contratti_ccnl_id_fk" FOREIGN KEY ("ccnl_id") REFERENCES "public"."contratti_ccnl"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratti_voci" ADD CONSTRAINT "contratti_voci_livello_id_contratti_livelli_id_fk" FOREIGN KEY ("livello_id") REFERENCES "public"."contratti_livelli"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratti_voci" ADD CONSTRAINT "contratti_voci_creato_da_utenti_id_fk" FOREIGN KEY ("creato_da") REFERENCES "public"."utenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contratti_dipendenti_dal_idx" ON "contratti_dipendenti" USING btree ("dipendente_id","dal");--> statement-breakpoint
CREATE INDEX "contratti_dipendenti_livello_idx" ON "contratti_dipendenti" USING btree ("livello_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contratti_livelli_codice_idx" ON "contratti_livelli" USING btree ("ccnl_id","codice");--> statement-breakpoint
CREATE UNIQUE INDEX "contratti_voci_versione_idx" ON "contratti_voci" USING btree ("ccnl_id","livello_id","voce","decorrenza");