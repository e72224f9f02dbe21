CREATE TABLE "identita_sso" (
	"provider_id" integer NOT NULL,
	"sub" varchar(255) NOT NULL,
	"utente_id" integer NOT NULL,
	"creato_il" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identita_sso_provider_id_sub_pk" PRIMARY KEY("provider_id","sub")
);
--> statement-breakpoint
CREATE TABLE "provider_sso" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(60) NOT NULL,
	"issuer" varchar(500) NOT NULL,
	"client_id" varchar(255) NOT NULL,
	"client_secret" text,
	"claim" varchar(30) DEFAULT 'email' NOT NULL,
	"domini" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"crea_utenti" boolean DEFAULT false NOT NULL,
	"attivo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stati_sso" (
	"stato" varchar(100) PRIMARY KEY NOT NULL,
	"provider_id" integer NOT NULL,
	"nonce" varchar(100) NOT NULL,
	"verifier" varchar(200) NOT NULL,
	"base" varchar(500) NOT NULL,
	"scade_il" timestamp with time zone NOT NULL,
	"usato_il" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "utenti" ADD COLUMN "solo_sso" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identita_sso" ADD CONSTRAINT "identita_sso_provider_id_provider_sso_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."provider_sso"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identita_sso" ADD CONSTRAINT "identita_sso_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stati_sso" ADD CONSTRAINT "stati_sso_provider_id_provider_sso_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."provider_sso"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identita_sso_utente" ON "identita_sso" USING btree ("utente_id");