CREATE TABLE "dotazioni_articoli" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipologia_id" integer NOT NULL,
	"marca" varchar(60) NOT NULL,
	"modello" varchar(80) NOT NULL,
	"fornitore" varchar(120),
	"costo" integer,
	"marcatura_ce" boolean DEFAULT false NOT NULL,
	"organismo_notificato" varchar(4),
	"nota_file_id" uuid,
	"scorta_minima" integer,
	"attivo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dotazioni_consegne" (
	"id" serial PRIMARY KEY NOT NULL,
	"dipendente_id" integer NOT NULL,
	"data" date NOT NULL,
	"causale" varchar(25) NOT NULL,
	"note" varchar(300),
	"stato" varchar(10) DEFAULT 'valida' NOT NULL,
	"firma_file_id" uuid,
	"firma_incaricato_file_id" uuid,
	"pdf_file_id" uuid,
	"motivo_annullamento" varchar(300),
	"annullata_il" timestamp with time zone,
	"creato_il" timestamp with time zone DEFAULT now() NOT NULL,
	"creato_da" integer
);
--> statement-breakpoint
CREATE TABLE "dotazioni_consegne_righe" (
	"id" serial PRIMARY KEY NOT NULL,
	"consegna_id" integer NOT NULL,
	"articolo_id" integer NOT NULL,
	"tipologia_id" integer NOT NULL,
	"taglia" varchar(10),
	"quantita" integer NOT NULL,
	"unita_id" integer,
	"numero_serie" varchar(60),
	"scadenza" date,
	"ispezione" date,
	"in_dotazione" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dotazioni_formazione" (
	"id" serial PRIMARY KEY NOT NULL,
	"dipendente_id" integer NOT NULL,
	"tipologia_id" integer NOT NULL,
	"data" date NOT NULL,
	"docente" varchar(120) NOT NULL,
	"note" varchar(300),
	"creato_il" timestamp with time zone DEFAULT now() NOT NULL,
	"creato_da" integer
);
--> statement-breakpoint
CREATE TABLE "dotazioni_kit" (
	"id" serial PRIMARY KEY NOT NULL,
	"mansione_id" integer NOT NULL,
	"tipologia_id" integer NOT NULL,
	"quantita" integer NOT NULL,
	"obbligatoria" boolean NOT NULL,
	"valida_dal" date,
	"valida_al" date
);
--> statement-breakpoint
CREATE TABLE "dotazioni_movimenti" (
	"id" serial PRIMARY KEY NOT NULL,
	"articolo_id" integer NOT NULL,
	"taglia" varchar(10) DEFAULT '' NOT NULL,
	"quantita" integer NOT NULL,
	"causale" varchar(15) NOT NULL,
	"riferimento" varchar(80),
	"motivo" varchar(300),
	"consegna_id" integer,
	"numero_serie" varchar(60),
	"creato_il" timestamp with time zone DEFAULT now() NOT NULL,
	"creato_da" integer
);
--> statement-breakpoint
CREATE TABLE "dotazioni_resi" (
	"id" serial PRIMARY KEY NOT NULL,
	"riga_id" integer NOT NULL,
	"data" date NOT NULL,
	"quantita" integer NOT NULL,
	"esito" varchar(12) NOT NULL,
	"motivo" varchar(300),
	"consegna_id" integer,
	"creato_il" timestamp with time zone DEFAULT now() NOT NULL,
	"creato_da" integer
);
--> statement-breakpoint
CREATE TABLE "dotazioni_taglie" (
	"dipendente_id" integer PRIMARY KEY NOT NULL,
	"scarpe" varchar(10),
	"abbigliamento" varchar(10),
	"guanti" varchar(10)
);
--> statement-breakpoint
CREATE TABLE "dotazioni_tipologie" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice" varchar(30) NOT NULL,
	"descrizione" varchar(120) NOT NULL,
	"dpi" boolean NOT NULL,
	"categoria" varchar(3),
	"protezione" varchar(20),
	"norma" varchar(80),
	"durata_mesi" integer,
	"ispezione_mesi" integer,
	"taglie" boolean DEFAULT false NOT NULL,
	"tipo_taglia" varchar(15),
	"restituibile" boolean DEFAULT false NOT NULL,
	"numero_serie" boolean DEFAULT false NOT NULL,
	"formazione" boolean DEFAULT false NOT NULL,
	"attivo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "dotazioni_tipologie_codice_unique" UNIQUE("codice")
);
--> statement-breakpoint
CREATE TABLE "dotazioni_unita" (
	"id" serial PRIMARY KEY NOT NULL,
	"articolo_id" integer NOT NULL,
	"numero_serie" varchar(60) NOT NULL,
	"stato" varchar(15) DEFAULT 'disponibile' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dotazioni_articoli" ADD CONSTRAINT "dotazioni_articoli_tipologia_id_dotazioni_tipologie_id_fk" FOREIGN KEY ("tipologia_id") REFERENCES "public"."dotazioni_tipologie"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_articoli" ADD CONSTRAINT "dotazioni_articoli_nota_file_id_file_id_fk" FOREIGN KEY ("nota_file_id") REFERENCES "public"."file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_consegne" ADD CONSTRAINT "dotazioni_consegne_dipendente_id_dipendenti_id_fk" FOREIGN KEY ("dipendente_id") REFERENCES "public"."dipendenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_consegne" ADD CONSTRAINT "dotazioni_consegne_firma_file_id_file_id_fk" FOREIGN KEY ("firma_file_id") REFERENCES "public"."file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_consegne" ADD CONSTRAINT "dotazioni_consegne_firma_incaricato_file_id_file_id_fk" FOREIGN KEY ("firma_incaricato_file_id") REFERENCES "public"."file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_consegne" ADD CONSTRAINT "dotazioni_consegne_pdf_file_id_file_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_consegne" ADD CONSTRAINT "dotazioni_consegne_creato_da_utenti_id_fk" FOREIGN KEY ("creato_da") REFERENCES "public"."utenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_consegne_righe" ADD CONSTRAINT "dotazioni_consegne_righe_consegna_id_dotazioni_consegne_id_fk" FOREIGN KEY ("consegna_id") REFERENCES "public"."dotazioni_consegne"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_consegne_righe" ADD CONSTRAINT "dotazioni_consegne_righe_articolo_id_dotazioni_articoli_id_fk" FOREIGN KEY ("articolo_id") REFERENCES "public"."dotazioni_articoli"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_consegne_righe" ADD CONSTRAINT "dotazioni_consegne_righe_tipologia_id_dotazioni_tipologie_id_fk" FOREIGN KEY ("tipologia_id") REFERENCES "public"."dotazioni_tipologie"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_consegne_righe" ADD CONSTRAINT "dotazioni_consegne_righe_unita_id_dotazioni_unita_id_fk" FOREIGN KEY ("unita_id") REFERENCES "public"."dotazioni_unita"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_formazione" ADD CONSTRAINT "dotazioni_formazione_dipendente_id_dipendenti_id_fk" FOREIGN KEY ("dipendente_id") REFERENCES "public"."dipendenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_formazione" ADD CONSTRAINT "dotazioni_formazione_tipologia_id_dotazioni_tipologie_id_fk" FOREIGN KEY ("tipologia_id") REFERENCES "public"."dotazioni_tipologie"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_formazione" ADD CONSTRAINT "dotazioni_formazione_creato_da_utenti_id_fk" FOREIGN KEY ("creato_da") REFERENCES "public"."utenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_kit" ADD CONSTRAINT "dotazioni_kit_mansione_id_mansioni_id_fk" FOREIGN KEY ("mansione_id") REFERENCES "public"."mansioni"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_kit" ADD CONSTRAINT "dotazioni_kit_tipologia_id_dotazioni_tipologie_id_fk" FOREIGN KEY ("tipologia_id") REFERENCES "public"."dotazioni_tipologie"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_movimenti" ADD CONSTRAINT "dotazioni_movimenti_articolo_id_dotazioni_articoli_id_fk" FOREIGN KEY ("articolo_id") REFERENCES "public"."dotazioni_articoli"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_movimenti" ADD CONSTRAINT "dotazioni_movimenti_creato_da_utenti_id_fk" FOREIGN KEY ("creato_da") REFERENCES "public"."utenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_resi" ADD CONSTRAINT "dotazioni_resi_riga_id_dotazioni_consegne_righe_id_fk" FOREIGN KEY ("riga_id") REFERENCES "public"."dotazioni_consegne_righe"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_resi" ADD CONSTRAINT "dotazioni_resi_consegna_id_dotazioni_consegne_id_fk" FOREIGN KEY ("consegna_id") REFERENCES "public"."dotazioni_consegne"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_resi" ADD CONSTRAINT "dotazioni_resi_creato_da_utenti_id_fk" FOREIGN KEY ("creato_da") REFERENCES "public"."utenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_taglie" ADD CONSTRAINT "dotazioni_taglie_dipendente_id_dipendenti_id_fk" FOREIGN KEY ("dipendente_id") REFERENCES "public"."dipendenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dotazioni_unita" ADD CONSTRAINT "dotazioni_unita_articolo_id_dotazioni_articoli_id_fk" FOREIGN KEY ("articolo_id") REFERENCES "public"."dotazioni_articoli"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dotazioni_articoli_tipologia_idx" ON "dotazioni_articoli" USING btree ("tipologia_id");--> statement-breakpoint
CREATE INDEX "dotazioni_consegne_dip_idx" ON "dotazioni_consegne" USING btree ("dipendente_id","data");--> statement-breakpoint
CREATE INDEX "dotazioni_righe_consegna_idx" ON "dotazioni_consegne_righe" USING btree ("consegna_id");--> statement-breakpoint
CREATE INDEX "dotazioni_righe_scadenza_idx" ON "dotazioni_consegne_righe" USING btree ("scadenza");--> statement-breakpoint
CREATE INDEX "dotazioni_formazione_dip_idx" ON "dotazioni_formazione" USING btree ("dipendente_id","tipologia_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dotazioni_kit_idx" ON "dotazioni_kit" USING btree ("mansione_id","tipologia_id");--> statement-breakpoint
CREATE INDEX "dotazioni_movimenti_articolo_idx" ON "dotazioni_movimenti" USING btree ("articolo_id","taglia");--> statement-breakpoint
CREATE INDEX "dotazioni_resi_riga_idx" ON "dotazioni_resi" USING btree ("riga_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dotazioni_unita_serie_idx" ON "dotazioni_unita" USING btree ("articolo_id","numero_serie");