CREATE TABLE "webhook_consegne" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sottoscrizione_id" bigint NOT NULL,
	"evento" varchar(100) NOT NULL,
	"dati" jsonb NOT NULL,
	"creato_il" timestamp with time zone DEFAULT now() NOT NULL,
	"stato" varchar(20) DEFAULT 'in_attesa' NOT NULL,
	"tentativi" integer DEFAULT 0 NOT NULL,
	"prossimo_tentativo" timestamp with time zone DEFAULT now() NOT NULL,
	"scade_il" timestamp with time zone NOT NULL,
	"bloccata_fino" timestamp with time zone,
	"consegnata_il" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_sottoscrizioni" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"eventi" text[] NOT NULL,
	"attivo" boolean DEFAULT true NOT NULL,
	"segreto" text NOT NULL,
	"creata_il" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_tentativi" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"consegna_id" uuid NOT NULL,
	"numero" integer NOT NULL,
	"ts" timestamp with time zone DEFAULT now() NOT NULL,
	"stato_http" integer,
	"errore" text,
	"durata_ms" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_consegne" ADD CONSTRAINT "webhook_consegne_sottoscrizione_id_webhook_sottoscrizioni_id_fk" FOREIGN KEY ("sottoscrizione_id") REFERENCES "public"."webhook_sottoscrizioni"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_tentativi" ADD CONSTRAINT "webhook_tentativi_consegna_id_webhook_consegne_id_fk" FOREIGN KEY ("consegna_id") REFERENCES "public"."webhook_consegne"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_consegne_dovute_idx" ON "webhook_consegne" USING btree ("stato","prossimo_tentativo");--> statement-breakpoint
CREATE INDEX "webhook_consegne_sottoscrizione_idx" ON "webhook_consegne" USING btree ("sottoscrizione_id","creato_il");--> statement-breakpoint
CREATE INDEX "webhook_tentativi_consegna_idx" ON "webhook_tentativi" USING btree ("consegna_id");