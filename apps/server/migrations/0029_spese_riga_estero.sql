ALTER TABLE "spese_righe" ADD COLUMN "estero" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "spese_righe" ADD COLUMN "regola" varchar(40);--> statement-breakpoint
-- the lines already written were paid where their trip went (D.L. 84/2025: the place is now per line)
UPDATE "spese_righe" SET "estero" = true FROM "spese_note" WHERE "spese_note"."id" = "spese_righe"."nota_id" AND "spese_note"."estero" = true;
