CREATE TABLE "autorizzazioni_visita" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"referente_id" integer NOT NULL,
	"richiesta_da" integer,
	"nome" varchar(80),
	"cognome" varchar(80),
	"azienda" varchar(120),
	"email" varchar(254),
	"tipo_id" integer NOT NULL,
	"motivo_id" integer NOT NULL,
	"dal" date NOT NULL,
	"al" date NOT NULL,
	"ora_da" varchar(5) NOT NULL,
	"ora_a" varchar(5) NOT NULL,
	"note" text,
	"stato" varchar(10) DEFAULT 'attiva' NOT NULL,
	"approvazione" varchar(16) DEFAULT 'non_richiesta' NOT NULL,
	"approvata_da" integer,
	"visita_id" integer,
	"creata_il" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tipi_visitatore" ADD COLUMN "richiede_approvazione" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "autorizzazioni_visita" ADD CONSTRAINT "autorizzazioni_visita_referente_id_dipendenti_id_fk" FOREIGN KEY ("referente_id") REFERENCES "public"."dipendenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizzazioni_visita" ADD CONSTRAINT "autorizzazioni_visita_tipo_id_tipi_visitatore_id_fk" FOREIGN KEY ("tipo_id") REFERENCES "public"."tipi_visitatore"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizzazioni_visita" ADD CONSTRAINT "autorizzazioni_visita_motivo_id_motivi_visita_id_fk" FOREIGN KEY ("motivo_id") REFERENCES "public"."motivi_visita"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autorizzazioni_visita_dal_idx" ON "autorizzazioni_visita" USING btree ("dal","al");