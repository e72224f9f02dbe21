ALTER TABLE "webhook_sottoscrizioni" ADD COLUMN "segreto_precedente" text;--> statement-breakpoint
ALTER TABLE "webhook_sottoscrizioni" ADD COLUMN "segreto_precedente_fino" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_consegne_consegnata_idx" ON "webhook_consegne" USING btree ("consegnata_il");