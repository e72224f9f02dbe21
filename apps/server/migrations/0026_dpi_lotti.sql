ALTER TABLE "dotazioni_consegne_righe" ADD COLUMN "lotto" varchar(40);--> statement-breakpoint
ALTER TABLE "dotazioni_consegne_righe" ADD COLUMN "data_fabbricazione" date;--> statement-breakpoint
ALTER TABLE "dotazioni_movimenti" ADD COLUMN "lotto" varchar(40);--> statement-breakpoint
ALTER TABLE "dotazioni_movimenti" ADD COLUMN "data_fabbricazione" date;--> statement-breakpoint
ALTER TABLE "dotazioni_tipologie" ADD COLUMN "vita_utile_mesi" integer;--> statement-breakpoint
ALTER TABLE "dotazioni_unita" ADD COLUMN "lotto" varchar(40);--> statement-breakpoint
ALTER TABLE "dotazioni_unita" ADD COLUMN "data_fabbricazione" date;