CREATE TABLE "contratti_causali" (
	"id" serial PRIMARY KEY NOT NULL,
	"ccnl_id" integer NOT NULL,
	"codice" varchar(20) NOT NULL,
	"descrizione" varchar(300) NOT NULL,
	"attiva" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contratti_causali" ADD CONSTRAINT "contratti_causali_ccnl_id_contratti_ccnl_id_fk" FOREIGN KEY ("ccnl_id") REFERENCES "public"."contratti_ccnl"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contratti_causali_codice_idx" ON "contratti_causali" USING btree ("ccnl_id","codice");