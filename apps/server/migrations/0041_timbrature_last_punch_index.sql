DROP INDEX "timbrature_dip_ts_idx";--> statement-breakpoint
CREATE INDEX "timbrature_dip_ts_id_idx" ON "timbrature" USING btree ("dipendente_id","ts","id");