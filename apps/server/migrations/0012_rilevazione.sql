CREATE TABLE "registrazioni" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dipendente_id" integer NOT NULL,
	"data" date NOT NULL,
	"commessa_id" integer NOT NULL,
	"fase_id" integer,
	"minuti" integer NOT NULL,
	"inizio" timestamp with time zone,
	"fine" timestamp with time zone,
	"quantita" integer,
	"scarto" integer,
	"note" text,
	"origine" varchar(12) NOT NULL,
	"stato" varchar(10) DEFAULT 'bozza' NOT NULL,
	"da_verificare" boolean DEFAULT false NOT NULL,
	"motivo_verifica" varchar(40),
	"id_richiesta" uuid,
	"creata_da" integer,
	"creata_il" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrazioni_id_richiesta_unique" UNIQUE("id_richiesta")
);
--> statement-breakpoint
CREATE TABLE "registrazioni_richieste" (
	"id_richiesta" uuid PRIMARY KEY NOT NULL,
	"dipendente_id" integer NOT NULL,
	"impronta" text NOT NULL,
	"risposta" jsonb NOT NULL,
	"creata_il" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrazioni_settimane" (
	"dipendente_id" integer NOT NULL,
	"lunedi" date NOT NULL,
	"stato" varchar(10) NOT NULL,
	"motivo" text,
	"inviata_il" timestamp with time zone,
	"decisa_da" integer,
	"decisa_il" timestamp with time zone,
	CONSTRAINT "registrazioni_settimane_dipendente_id_lunedi_pk" PRIMARY KEY("dipendente_id","lunedi")
);
--> statement-breakpoint
ALTER TABLE "registrazioni" ADD CONSTRAINT "registrazioni_dipendente_id_dipendenti_id_fk" FOREIGN KEY ("dipendente_id") REFERENCES "public"."dipendenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrazioni" ADD CONSTRAINT "registrazioni_commessa_id_commesse_id_fk" FOREIGN KEY ("commessa_id") REFERENCES "public"."commesse"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrazioni" ADD CONSTRAINT "registrazioni_fase_id_commesse_fasi_id_fk" FOREIGN KEY ("fase_id") REFERENCES "public"."commesse_fasi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrazioni_settimane" ADD CONSTRAINT "registrazioni_settimane_dipendente_id_dipendenti_id_fk" FOREIGN KEY ("dipendente_id") REFERENCES "public"."dipendenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registrazioni_dip_data_idx" ON "registrazioni" USING btree ("dipendente_id","data");--> statement-breakpoint
CREATE INDEX "registrazioni_commessa_idx" ON "registrazioni" USING btree ("commessa_id","fase_id");--> statement-breakpoint
CREATE INDEX "registrazioni_aperte_idx" ON "registrazioni" USING btree ("dipendente_id") WHERE "registrazioni"."inizio" is not null and "registrazioni"."fine" is null;--> statement-breakpoint
CREATE INDEX "registrazioni_settimane_stato_idx" ON "registrazioni_settimane" USING btree ("stato");