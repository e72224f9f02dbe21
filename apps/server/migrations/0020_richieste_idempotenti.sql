CREATE TABLE "richieste_idempotenti" (
	"utente_id" integer NOT NULL,
	"chiave" varchar(200) NOT NULL,
	"impronta" char(64) NOT NULL,
	"creata_il" timestamp with time zone DEFAULT now() NOT NULL,
	"stato_http" integer,
	"risposta" text,
	CONSTRAINT "richieste_idempotenti_pk" PRIMARY KEY("utente_id","chiave")
);
--> statement-breakpoint
CREATE INDEX "richieste_idempotenti_creata_idx" ON "richieste_idempotenti" USING btree ("creata_il");