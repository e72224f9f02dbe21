CREATE TABLE "motivi_visita" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice" varchar(20) NOT NULL,
	"descrizione" varchar(120) NOT NULL,
	"attivo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "motivi_visita_codice_unique" UNIQUE("codice")
);
--> statement-breakpoint
CREATE TABLE "referenti_visita" (
	"id" serial PRIMARY KEY NOT NULL,
	"dipendente_id" integer NOT NULL,
	"notifica_email" boolean DEFAULT true NOT NULL,
	"attivo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "referenti_visita_dipendente_id_unique" UNIQUE("dipendente_id")
);
--> statement-breakpoint
CREATE TABLE "tipi_visitatore" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice" varchar(20) NOT NULL,
	"descrizione" varchar(120) NOT NULL,
	"briefing_sicurezza" boolean DEFAULT false NOT NULL,
	"accompagnamento" boolean DEFAULT false NOT NULL,
	"dpi_richiesti" boolean DEFAULT false NOT NULL,
	"colore_badge" varchar(7) DEFAULT '#1677ff' NOT NULL,
	"giorni_conservazione" integer,
	"attivo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "tipi_visitatore_codice_unique" UNIQUE("codice")
);
--> statement-breakpoint
CREATE TABLE "visite" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"nome" varchar(80) NOT NULL,
	"cognome" varchar(80) NOT NULL,
	"azienda" varchar(120),
	"email" varchar(254),
	"tipo_id" integer NOT NULL,
	"motivo_id" integer NOT NULL,
	"referente_id" integer NOT NULL,
	"documento_tipo" varchar(30),
	"documento_numero" varchar(12),
	"badge" varchar(20),
	"entrata" timestamp with time zone NOT NULL,
	"uscita" timestamp with time zone,
	"badge_restituito" boolean,
	"note" text,
	"anonimizzata" boolean DEFAULT false NOT NULL,
	"registrata_da" integer
);
--> statement-breakpoint
ALTER TABLE "referenti_visita" ADD CONSTRAINT "referenti_visita_dipendente_id_dipendenti_id_fk" FOREIGN KEY ("dipendente_id") REFERENCES "public"."dipendenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visite" ADD CONSTRAINT "visite_tipo_id_tipi_visitatore_id_fk" FOREIGN KEY ("tipo_id") REFERENCES "public"."tipi_visitatore"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visite" ADD CONSTRAINT "visite_motivo_id_motivi_visita_id_fk" FOREIGN KEY ("motivo_id") REFERENCES "public"."motivi_visita"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visite" ADD CONSTRAINT "visite_referente_id_dipendenti_id_fk" FOREIGN KEY ("referente_id") REFERENCES "public"."dipendenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visite_entrata_idx" ON "visite" USING btree ("entrata");--> statement-breakpoint
CREATE INDEX "visite_presenti_idx" ON "visite" USING btree ("uscita");