ALTER TABLE "file" ADD COLUMN "ricevuto_il" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "file_caricato_da_idx" ON "file" USING btree ("caricato_da","ricevuto_il");