CREATE TABLE "spese_tariffe_aci" (
	"id" serial PRIMARY KEY NOT NULL,
	"anno" integer NOT NULL,
	"descrizione" varchar(160) NOT NULL,
	"alimentazione" varchar(15) NOT NULL,
	"euro_km" numeric(10, 4) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spese_righe" ADD COLUMN "importo_dichiarato" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "spese_tariffe_aci_uq" ON "spese_tariffe_aci" USING btree ("anno","descrizione","alimentazione");
--> statement-breakpoint
-- the lines stored before: what they say now is the best known claim
UPDATE "spese_righe" SET "importo_dichiarato" = "importo" WHERE "importo" IS NOT NULL;
