CREATE TABLE "mfa_codici_recupero" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"utente_id" integer NOT NULL,
	"hash" char(64) NOT NULL,
	"usato_il" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mfa_utenti" (
	"utente_id" integer PRIMARY KEY NOT NULL,
	"segreto" text,
	"segreto_in_attesa" text,
	"attiva_dal" timestamp with time zone,
	"ultimo_passo" bigint,
	"modificata_il" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mfa_codici_recupero" ADD CONSTRAINT "mfa_codici_recupero_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_utenti" ADD CONSTRAINT "mfa_utenti_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mfa_codici_recupero_utente_idx" ON "mfa_codici_recupero" USING btree ("utente_id");