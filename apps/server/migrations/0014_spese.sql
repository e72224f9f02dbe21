CREATE TABLE "spese_anticipi" (
	"id" serial PRIMARY KEY NOT NULL,
	"nota_id" integer NOT NULL,
	"data" date NOT NULL,
	"importo" integer NOT NULL,
	"note" varchar(200),
	"registrato_da" integer
);
--> statement-breakpoint
CREATE TABLE "spese_cambi" (
	"valuta" char(3) NOT NULL,
	"data" date NOT NULL,
	"cambio" numeric(18, 6) NOT NULL,
	CONSTRAINT "spese_cambi_valuta_data_pk" PRIMARY KEY("valuta","data")
);
--> statement-breakpoint
CREATE TABLE "spese_note" (
	"id" serial PRIMARY KEY NOT NULL,
	"dipendente_id" integer NOT NULL,
	"descrizione" varchar(200) NOT NULL,
	"stato" varchar(10) DEFAULT 'bozza' NOT NULL,
	"data" date NOT NULL,
	"destinazione" varchar(120),
	"estero" boolean,
	"comune_sede" boolean,
	"dal" date,
	"al" date,
	"regime" varchar(12),
	"commessa_id" integer,
	"motivo" text,
	"creata_da" integer,
	"creata_il" timestamp with time zone DEFAULT now() NOT NULL,
	"inviata_il" timestamp with time zone,
	"decisa_da" integer,
	"decisa_il" timestamp with time zone,
	"approvata_il" timestamp with time zone,
	"liquidata_da" integer,
	"liquidata_il" date,
	"mese_paghe" varchar(7)
);
--> statement-breakpoint
CREATE TABLE "spese_righe" (
	"id" serial PRIMARY KEY NOT NULL,
	"nota_id" integer NOT NULL,
	"data" date NOT NULL,
	"tipo_spesa_id" integer NOT NULL,
	"importo" bigint,
	"valuta" char(3) NOT NULL,
	"cambio" numeric(18, 6),
	"cambio_data" date,
	"cambio_provvisorio" boolean DEFAULT false NOT NULL,
	"tipo_pagamento_id" integer,
	"documentata" boolean DEFAULT false NOT NULL,
	"file_id" uuid,
	"km" numeric(10, 2),
	"veicolo_id" integer,
	"euro_km" numeric(10, 4),
	"da" varchar(120),
	"a" varchar(120),
	"descrizione" varchar(300),
	"commessa_id" integer,
	"esclusa" boolean DEFAULT false NOT NULL,
	"tetto" integer,
	"motivo_revisione" text,
	"importo_eur" integer NOT NULL,
	"rimborsabile" integer NOT NULL,
	"esente" integer NOT NULL,
	"imponibile" integer NOT NULL,
	"avvisi" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spese_tipi_pagamento" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice" varchar(30) NOT NULL,
	"descrizione" varchar(120) NOT NULL,
	"tracciabile" boolean DEFAULT true NOT NULL,
	"pagata_azienda" boolean DEFAULT false NOT NULL,
	"attivo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "spese_tipi_pagamento_codice_unique" UNIQUE("codice")
);
--> statement-breakpoint
CREATE TABLE "spese_tipi_spesa" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice" varchar(30) NOT NULL,
	"descrizione" varchar(120) NOT NULL,
	"categoria" varchar(20) NOT NULL,
	"massimale" integer,
	"massimale_per" varchar(6) DEFAULT 'voce' NOT NULL,
	"ricevuta_obbligatoria" boolean DEFAULT true NOT NULL,
	"codice_paghe" varchar(20),
	"codice_paghe_imponibile" varchar(20),
	"attivo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "spese_tipi_spesa_codice_unique" UNIQUE("codice")
);
--> statement-breakpoint
CREATE TABLE "spese_valute" (
	"codice" char(3) PRIMARY KEY NOT NULL,
	"nome" varchar(60) NOT NULL,
	"simbolo" varchar(5),
	"decimali" integer DEFAULT 2 NOT NULL,
	"attiva" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spese_veicoli" (
	"id" serial PRIMARY KEY NOT NULL,
	"targa" varchar(10) NOT NULL,
	"marca" varchar(60) NOT NULL,
	"modello" varchar(60) NOT NULL,
	"alimentazione" varchar(15) NOT NULL,
	"dipendente_id" integer,
	"attivo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "spese_veicoli_targa_unique" UNIQUE("targa")
);
--> statement-breakpoint
CREATE TABLE "spese_veicoli_costi" (
	"id" serial PRIMARY KEY NOT NULL,
	"veicolo_id" integer NOT NULL,
	"anno" integer NOT NULL,
	"euro_km" numeric(10, 4) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spese_anticipi" ADD CONSTRAINT "spese_anticipi_nota_id_spese_note_id_fk" FOREIGN KEY ("nota_id") REFERENCES "public"."spese_note"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spese_anticipi" ADD CONSTRAINT "spese_anticipi_registrato_da_utenti_id_fk" FOREIGN KEY ("registrato_da") REFERENCES "public"."utenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spese_cambi" ADD CONSTRAINT "spese_cambi_valuta_spese_valute_codice_fk" FOREIGN KEY ("valuta") REFERENCES "public"."spese_valute"("codice") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spese_note" ADD CONSTRAINT "spese_note_dipendente_id_dipendenti_id_fk" FOREIGN KEY ("dipendente_id") REFERENCES "public"."dipendenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spese_note" ADD CONSTRAINT "spese_note_commessa_id_commesse_id_fk" FOREIGN KEY ("commessa_id") REFERENCES "public"."commesse"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spese_note" ADD CONSTRAINT "spese_note_creata_da_utenti_id_fk" FOREIGN KEY ("creata_da") REFERENCES "public"."utenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spese_note" ADD CONSTRAINT "spese_note_decisa_da_utenti_id_fk" FOREIGN KEY ("decisa_da") REFERENCES "public"."utenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spese_note" ADD CONSTRAINT "spese_note_liquidata_da_utenti_id_fk" FOREIGN KEY ("liquidata_da") REFERENCES "public"."utenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spese_righe" ADD CONSTRAINT "spese_righe_nota_id_spese_note_id_fk" FOREIGN KEY ("nota_id") REFERENCES "public"."spese_note"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spese_righe" ADD CONSTRAINT "spese_righe_tipo_spesa_id_spese_tipi_spesa_id_fk" FOREIGN KEY ("tipo_spesa_id") REFERENCES "public"."spese_tipi_spesa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spese_righe" ADD CONSTRAINT "spese_righe_valuta_spese_valute_codice_fk" FOREIGN KEY ("valuta") REFERENCES "public"."spese_valute"("codice") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spese_righe" ADD CONSTRAINT "spese_righe_tipo_pagamento_id_spese_tipi_pagamento_id_fk" FOREIGN KEY ("tipo_pagamento_id") REFERENCES "public"."spese_tipi_pagamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spese_righe" ADD CONSTRAINT "spese_righe_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spese_righe" ADD CONSTRAINT "spese_righe_veicolo_id_spese_veicoli_id_fk" FOREIGN KEY ("veicolo_id") REFERENCES "public"."spese_veicoli"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spese_righe" ADD CONSTRAINT "spese_righe_commessa_id_commesse_id_fk" FOREIGN KEY ("commessa_id") REFERENCES "public"."commesse"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spese_veicoli" ADD CONSTRAINT "spese_veicoli_dipendente_id_dipendenti_id_fk" FOREIGN KEY ("dipendente_id") REFERENCES "public"."dipendenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spese_veicoli_costi" ADD CONSTRAINT "spese_veicoli_costi_veicolo_id_spese_veicoli_id_fk" FOREIGN KEY ("veicolo_id") REFERENCES "public"."spese_veicoli"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spese_note_dip_idx" ON "spese_note" USING btree ("dipendente_id","data");--> statement-breakpoint
CREATE INDEX "spese_note_stato_idx" ON "spese_note" USING btree ("stato");--> statement-breakpoint
CREATE INDEX "spese_note_mese_paghe_idx" ON "spese_note" USING btree ("mese_paghe");--> statement-breakpoint
CREATE INDEX "spese_righe_nota_idx" ON "spese_righe" USING btree ("nota_id","data");--> statement-breakpoint
CREATE INDEX "spese_righe_data_idx" ON "spese_righe" USING btree ("data");--> statement-breakpoint
CREATE UNIQUE INDEX "spese_veicoli_costi_uq" ON "spese_veicoli_costi" USING btree ("veicolo_id","anno");