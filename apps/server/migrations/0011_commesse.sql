CREATE TABLE "clienti" (
	"id" serial PRIMARY KEY NOT NULL,
	"ragione_sociale" varchar(160) NOT NULL,
	"partita_iva" varchar(11),
	"codice_fiscale" varchar(16),
	"indirizzo" varchar(160),
	"cap" varchar(5),
	"comune" varchar(80),
	"provincia" varchar(2),
	"referente" varchar(120),
	"email" varchar(254),
	"telefono" varchar(30),
	"attivo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "clienti_partita_iva_unique" UNIQUE("partita_iva")
);
--> statement-breakpoint
CREATE TABLE "commesse" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice" varchar(30) NOT NULL,
	"descrizione" varchar(200) NOT NULL,
	"cliente_id" integer,
	"stato" varchar(10) DEFAULT 'aperta' NOT NULL,
	"data_inizio" date NOT NULL,
	"data_fine" date,
	"minuti_budget" integer,
	"costo_budget" bigint,
	"fatturabile" boolean DEFAULT true NOT NULL,
	"capo_commessa_id" integer,
	"cdc_id" integer,
	"note" text,
	"visibile_tutti" boolean DEFAULT false NOT NULL,
	CONSTRAINT "commesse_codice_unique" UNIQUE("codice")
);
--> statement-breakpoint
CREATE TABLE "commesse_costi_mansione" (
	"mansione_id" integer PRIMARY KEY NOT NULL,
	"costo_orario" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commesse_fasi" (
	"id" serial PRIMARY KEY NOT NULL,
	"commessa_id" integer NOT NULL,
	"codice" varchar(20) NOT NULL,
	"descrizione" varchar(120) NOT NULL,
	"ordine" integer DEFAULT 1 NOT NULL,
	"minuti_previsti" integer,
	"quantita" boolean DEFAULT false NOT NULL,
	"stato" varchar(10) DEFAULT 'aperta' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commesse_fasi_mansioni" (
	"fase_id" integer NOT NULL,
	"mansione_id" integer NOT NULL,
	"costo_orario" integer,
	"predefinita" boolean DEFAULT false NOT NULL,
	CONSTRAINT "commesse_fasi_mansioni_fase_id_mansione_id_pk" PRIMARY KEY("fase_id","mansione_id")
);
--> statement-breakpoint
CREATE TABLE "commesse_pianificazioni" (
	"id" serial PRIMARY KEY NOT NULL,
	"commessa_id" integer NOT NULL,
	"fase_id" integer,
	"dipendente_id" integer NOT NULL,
	"settimana" date NOT NULL,
	"minuti" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commesse_team" (
	"commessa_id" integer NOT NULL,
	"dipendente_id" integer NOT NULL,
	CONSTRAINT "commesse_team_commessa_id_dipendente_id_pk" PRIMARY KEY("commessa_id","dipendente_id")
);
--> statement-breakpoint
CREATE TABLE "commesse_visibilita" (
	"commessa_id" integer NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"rif_id" integer NOT NULL,
	CONSTRAINT "commesse_visibilita_commessa_id_tipo_rif_id_pk" PRIMARY KEY("commessa_id","tipo","rif_id")
);
--> statement-breakpoint
ALTER TABLE "commesse" ADD CONSTRAINT "commesse_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commesse" ADD CONSTRAINT "commesse_capo_commessa_id_dipendenti_id_fk" FOREIGN KEY ("capo_commessa_id") REFERENCES "public"."dipendenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commesse" ADD CONSTRAINT "commesse_cdc_id_centri_costo_id_fk" FOREIGN KEY ("cdc_id") REFERENCES "public"."centri_costo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commesse_costi_mansione" ADD CONSTRAINT "commesse_costi_mansione_mansione_id_mansioni_id_fk" FOREIGN KEY ("mansione_id") REFERENCES "public"."mansioni"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commesse_fasi" ADD CONSTRAINT "commesse_fasi_commessa_id_commesse_id_fk" FOREIGN KEY ("commessa_id") REFERENCES "public"."commesse"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commesse_fasi_mansioni" ADD CONSTRAINT "commesse_fasi_mansioni_fase_id_commesse_fasi_id_fk" FOREIGN KEY ("fase_id") REFERENCES "public"."commesse_fasi"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commesse_fasi_mansioni" ADD CONSTRAINT "commesse_fasi_mansioni_mansione_id_mansioni_id_fk" FOREIGN KEY ("mansione_id") REFERENCES "public"."mansioni"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commesse_pianificazioni" ADD CONSTRAINT "commesse_pianificazioni_commessa_id_commesse_id_fk" FOREIGN KEY ("commessa_id") REFERENCES "public"."commesse"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commesse_pianificazioni" ADD CONSTRAINT "commesse_pianificazioni_fase_id_commesse_fasi_id_fk" FOREIGN KEY ("fase_id") REFERENCES "public"."commesse_fasi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commesse_pianificazioni" ADD CONSTRAINT "commesse_pianificazioni_dipendente_id_dipendenti_id_fk" FOREIGN KEY ("dipendente_id") REFERENCES "public"."dipendenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commesse_team" ADD CONSTRAINT "commesse_team_commessa_id_commesse_id_fk" FOREIGN KEY ("commessa_id") REFERENCES "public"."commesse"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commesse_team" ADD CONSTRAINT "commesse_team_dipendente_id_dipendenti_id_fk" FOREIGN KEY ("dipendente_id") REFERENCES "public"."dipendenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commesse_visibilita" ADD CONSTRAINT "commesse_visibilita_commessa_id_commesse_id_fk" FOREIGN KEY ("commessa_id") REFERENCES "public"."commesse"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commesse_stato_idx" ON "commesse" USING btree ("stato");--> statement-breakpoint
CREATE UNIQUE INDEX "commesse_fasi_codice_uq" ON "commesse_fasi" USING btree ("commessa_id",upper("codice"));--> statement-breakpoint
CREATE UNIQUE INDEX "commesse_pianificazioni_uq" ON "commesse_pianificazioni" USING btree ("commessa_id",coalesce("fase_id", 0),"dipendente_id","settimana");--> statement-breakpoint
CREATE INDEX "commesse_pianificazioni_sett_idx" ON "commesse_pianificazioni" USING btree ("settimana","dipendente_id");--> statement-breakpoint
CREATE INDEX "commesse_team_dip_idx" ON "commesse_team" USING btree ("dipendente_id");--> statement-breakpoint
CREATE INDEX "commesse_visibilita_rif_idx" ON "commesse_visibilita" USING btree ("tipo","rif_id");