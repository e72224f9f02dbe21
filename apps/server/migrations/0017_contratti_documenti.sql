CREATE TABLE "contratti_documenti" (
	"id" serial PRIMARY KEY NOT NULL,
	"dipendente_id" integer NOT NULL,
	"modello_id" integer NOT NULL,
	"modello_versione" integer NOT NULL,
	"modello_file_id" uuid NOT NULL,
	"descrizione" varchar(200) NOT NULL,
	"dati" jsonb NOT NULL,
	"docx_file_id" uuid NOT NULL,
	"pdf_file_id" uuid NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"sha256_pdf" varchar(64) NOT NULL,
	"creato_il" timestamp with time zone DEFAULT now() NOT NULL,
	"creato_da" integer,
	"firmato_file_id" uuid,
	"firmato_il" timestamp with time zone,
	"firmato_da" integer
);
--> statement-breakpoint
CREATE TABLE "contratti_invii" (
	"id" serial PRIMARY KEY NOT NULL,
	"documento_id" integer NOT NULL,
	"indirizzo" varchar(254) NOT NULL,
	"inviato_il" timestamp with time zone DEFAULT now() NOT NULL,
	"inviato_da" integer
);
--> statement-breakpoint
CREATE TABLE "contratti_modelli" (
	"id" serial PRIMARY KEY NOT NULL,
	"descrizione" varchar(200) NOT NULL,
	"tipo_documento_id" integer,
	"tipi_contratto" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lettera_assunzione" boolean DEFAULT false NOT NULL,
	"attivo" boolean DEFAULT true NOT NULL,
	"versione" integer DEFAULT 1 NOT NULL,
	"file_id" uuid NOT NULL,
	"campi" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"aggiornato_il" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contratti_modelli_descrizione_unique" UNIQUE("descrizione")
);
--> statement-breakpoint
ALTER TABLE "contratti_ccnl" ADD COLUMN "parti_firmatarie" varchar(500);--> statement-breakpoint
ALTER TABLE "contratti_dipendenti" ADD COLUMN "periodo_prova_giorni" integer;--> statement-breakpoint
ALTER TABLE "contratti_dipendenti" ADD COLUMN "periodo_prova" varchar(8);--> statement-breakpoint
ALTER TABLE "contratti_documenti" ADD CONSTRAINT "contratti_documenti_dipendente_id_dipendenti_id_fk" FOREIGN KEY ("dipendente_id") REFERENCES "public"."dipendenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratti_documenti" ADD CONSTRAINT "contratti_documenti_modello_id_contratti_modelli_id_fk" FOREIGN KEY ("modello_id") REFERENCES "public"."contratti_modelli"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratti_documenti" ADD CONSTRAINT "contratti_documenti_modello_file_id_file_id_fk" FOREIGN KEY ("modello_file_id") REFERENCES "public"."file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratti_documenti" ADD CONSTRAINT "contratti_documenti_docx_file_id_file_id_fk" FOREIGN KEY ("docx_file_id") REFERENCES "public"."file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratti_documenti" ADD CONSTRAINT "contratti_documenti_pdf_file_id_file_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratti_documenti" ADD CONSTRAINT "contratti_documenti_creato_da_utenti_id_fk" FOREIGN KEY ("creato_da") REFERENCES "public"."utenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratti_documenti" ADD CONSTRAINT "contratti_documenti_firmato_file_id_file_id_fk" FOREIGN KEY ("firmato_file_id") REFERENCES "public"."file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratti_documenti" ADD CONSTRAINT "contratti_documenti_firmato_da_utenti_id_fk" FOREIGN KEY ("firmato_da") REFERENCES "public"."utenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratti_invii" ADD CONSTRAINT "contratti_invii_documento_id_contratti_documenti_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."contratti_documenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratti_invii" ADD CONSTRAINT "contratti_invii_inviato_da_utenti_id_fk" FOREIGN KEY ("inviato_da") REFERENCES "public"."utenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratti_modelli" ADD CONSTRAINT "contratti_modelli_tipo_documento_id_tipi_documento_id_fk" FOREIGN KEY ("tipo_documento_id") REFERENCES "public"."tipi_documento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratti_modelli" ADD CONSTRAINT "contratti_modelli_file_id_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."file"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contratti_documenti_dipendente_idx" ON "contratti_documenti" USING btree ("dipendente_id");--> statement-breakpoint
CREATE INDEX "contratti_invii_documento_idx" ON "contratti_invii" USING btree ("documento_id");