CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ts" timestamp with time zone DEFAULT now() NOT NULL,
	"utente_id" integer,
	"username" varchar(60),
	"entita" varchar(60) NOT NULL,
	"entita_id" varchar(60),
	"azione" varchar(30) NOT NULL,
	"prima" jsonb,
	"dopo" jsonb,
	"motivo" text
);
--> statement-breakpoint
CREATE TABLE "impostazioni" (
	"chiave" varchar(100) PRIMARY KEY NOT NULL,
	"valore" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"jti" uuid PRIMARY KEY NOT NULL,
	"famiglia" uuid NOT NULL,
	"utente_id" integer NOT NULL,
	"scade_il" timestamp with time zone NOT NULL,
	"usato_il" timestamp with time zone,
	"revocato_il" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tentativi_login" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ts" timestamp with time zone DEFAULT now() NOT NULL,
	"username" varchar(100) NOT NULL,
	"ip" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_monouso" (
	"jti" uuid PRIMARY KEY NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"utente_id" integer NOT NULL,
	"scade_il" timestamp with time zone NOT NULL,
	"usato_il" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lingue" (
	"cod_lingua" varchar(10) PRIMARY KEY NOT NULL,
	"descrizione" varchar(60) NOT NULL,
	"se_default" char(1) DEFAULT 'N' NOT NULL,
	"se_attiva" char(1) DEFAULT 'Y' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traduzioni" (
	"id" serial PRIMARY KEY NOT NULL,
	"cod_lingua" varchar(10) NOT NULL,
	"translate_group" varchar(60) DEFAULT '' NOT NULL,
	"translate_tag" varchar(120) NOT NULL,
	"testo" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "centri_costo" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice" varchar(20) NOT NULL,
	"descrizione" varchar(120) NOT NULL,
	CONSTRAINT "centri_costo_codice_unique" UNIQUE("codice")
);
--> statement-breakpoint
CREATE TABLE "dipendenti" (
	"id" serial PRIMARY KEY NOT NULL,
	"matricola" varchar(20) NOT NULL,
	"cognome" varchar(80) NOT NULL,
	"nome" varchar(80) NOT NULL,
	"codice_fiscale" varchar(16) NOT NULL,
	"email" varchar(254),
	"reparto_id" integer,
	"cdc_id" integer,
	"mansione_id" integer,
	"data_assunzione" date NOT NULL,
	"data_cessazione" date,
	"badge" varchar(40),
	"pin_hash" text,
	CONSTRAINT "dipendenti_matricola_unique" UNIQUE("matricola"),
	CONSTRAINT "dipendenti_codice_fiscale_unique" UNIQUE("codice_fiscale"),
	CONSTRAINT "dipendenti_badge_unique" UNIQUE("badge")
);
--> statement-breakpoint
CREATE TABLE "mansioni" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice" varchar(20) NOT NULL,
	"descrizione" varchar(120) NOT NULL,
	CONSTRAINT "mansioni_codice_unique" UNIQUE("codice")
);
--> statement-breakpoint
CREATE TABLE "profili" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice" varchar(30) NOT NULL,
	"descrizione" varchar(120) NOT NULL,
	"scope" varchar(10) NOT NULL,
	"routes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "profili_codice_unique" UNIQUE("codice")
);
--> statement-breakpoint
CREATE TABLE "reparti" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice" varchar(20) NOT NULL,
	"descrizione" varchar(120) NOT NULL,
	"cdc_id" integer,
	CONSTRAINT "reparti_codice_unique" UNIQUE("codice")
);
--> statement-breakpoint
CREATE TABLE "reparti_responsabili" (
	"reparto_id" integer NOT NULL,
	"dipendente_id" integer NOT NULL,
	CONSTRAINT "reparti_responsabili_reparto_id_dipendente_id_pk" PRIMARY KEY("reparto_id","dipendente_id")
);
--> statement-breakpoint
CREATE TABLE "tipi_documento" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice" varchar(20) NOT NULL,
	"descrizione" varchar(120) NOT NULL,
	"note" varchar(500),
	CONSTRAINT "tipi_documento_codice_unique" UNIQUE("codice")
);
--> statement-breakpoint
CREATE TABLE "utenti" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(60) NOT NULL,
	"email" varchar(254),
	"password_hash" text,
	"dipendente_id" integer,
	"attivo" boolean DEFAULT true NOT NULL,
	"lingua" varchar(10),
	"profilo_attivo_id" integer,
	"demo" boolean DEFAULT false NOT NULL,
	"creato_il" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "utenti_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "utenti_profili" (
	"utente_id" integer NOT NULL,
	"profilo_id" integer NOT NULL,
	CONSTRAINT "utenti_profili_utente_id_profilo_id_pk" PRIMARY KEY("utente_id","profilo_id")
);
--> statement-breakpoint
ALTER TABLE "traduzioni" ADD CONSTRAINT "traduzioni_cod_lingua_lingue_cod_lingua_fk" FOREIGN KEY ("cod_lingua") REFERENCES "public"."lingue"("cod_lingua") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "dipendenti" ADD CONSTRAINT "dipendenti_reparto_id_reparti_id_fk" FOREIGN KEY ("reparto_id") REFERENCES "public"."reparti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dipendenti" ADD CONSTRAINT "dipendenti_cdc_id_centri_costo_id_fk" FOREIGN KEY ("cdc_id") REFERENCES "public"."centri_costo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dipendenti" ADD CONSTRAINT "dipendenti_mansione_id_mansioni_id_fk" FOREIGN KEY ("mansione_id") REFERENCES "public"."mansioni"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reparti" ADD CONSTRAINT "reparti_cdc_id_centri_costo_id_fk" FOREIGN KEY ("cdc_id") REFERENCES "public"."centri_costo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reparti_responsabili" ADD CONSTRAINT "reparti_responsabili_reparto_id_reparti_id_fk" FOREIGN KEY ("reparto_id") REFERENCES "public"."reparti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reparti_responsabili" ADD CONSTRAINT "reparti_responsabili_dipendente_id_dipendenti_id_fk" FOREIGN KEY ("dipendente_id") REFERENCES "public"."dipendenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utenti" ADD CONSTRAINT "utenti_dipendente_id_dipendenti_id_fk" FOREIGN KEY ("dipendente_id") REFERENCES "public"."dipendenti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utenti" ADD CONSTRAINT "utenti_profilo_attivo_id_profili_id_fk" FOREIGN KEY ("profilo_attivo_id") REFERENCES "public"."profili"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utenti_profili" ADD CONSTRAINT "utenti_profili_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utenti_profili" ADD CONSTRAINT "utenti_profili_profilo_id_profili_id_fk" FOREIGN KEY ("profilo_id") REFERENCES "public"."profili"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entita_idx" ON "audit_log" USING btree ("entita","entita_id");--> statement-breakpoint
CREATE INDEX "audit_log_ts_idx" ON "audit_log" USING btree ("ts");--> statement-breakpoint
CREATE INDEX "refresh_tokens_famiglia_idx" ON "refresh_tokens" USING btree ("famiglia");--> statement-breakpoint
CREATE INDEX "refresh_tokens_utente_idx" ON "refresh_tokens" USING btree ("utente_id");--> statement-breakpoint
CREATE INDEX "tentativi_login_username_idx" ON "tentativi_login" USING btree ("username","ts");--> statement-breakpoint
CREATE INDEX "tentativi_login_ip_idx" ON "tentativi_login" USING btree ("ip","ts");--> statement-breakpoint
CREATE UNIQUE INDEX "traduzioni_chiave_uq" ON "traduzioni" USING btree ("cod_lingua","translate_group","translate_tag");