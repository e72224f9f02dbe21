CREATE TABLE "conformita_verifiche" (
	"id" serial PRIMARY KEY NOT NULL,
	"dipendente_id" integer NOT NULL,
	"regola" varchar(40) NOT NULL,
	"data" date NOT NULL,
	"nota" varchar(1000) NOT NULL,
	"verificato_da" integer NOT NULL,
	"verificato_il" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contratti_ccnl" ADD COLUMN "mesi_riferimento_orario" integer;--> statement-breakpoint
ALTER TABLE "contratti_ccnl" ADD COLUMN "straordinario_annuo_ore" integer;--> statement-breakpoint
ALTER TABLE "contratti_ccnl" ADD COLUMN "pausa_minima_minuti" integer;--> statement-breakpoint
ALTER TABLE "contratti_ccnl" ADD COLUMN "notturno_giorni_anno" integer;--> statement-breakpoint
ALTER TABLE "contratti_ccnl" ADD COLUMN "notturno_periodo_giorni" integer;--> statement-breakpoint
ALTER TABLE "turni" ADD COLUMN "pausa_retribuita" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conformita_verifiche" ADD CONSTRAINT "conformita_verifiche_dipendente_id_dipendenti_id_fk" FOREIGN KEY ("dipendente_id") REFERENCES "public"."dipendenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conformita_verifiche" ADD CONSTRAINT "conformita_verifiche_verificato_da_utenti_id_fk" FOREIGN KEY ("verificato_da") REFERENCES "public"."utenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conformita_verifiche_riscontro_idx" ON "conformita_verifiche" USING btree ("dipendente_id","regola","data");