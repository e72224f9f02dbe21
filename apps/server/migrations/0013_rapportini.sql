CREATE TABLE "rapportini" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dipendente_id" integer NOT NULL,
	"data" date NOT NULL,
	"cliente_id" integer,
	"sito" text,
	"commessa_id" integer,
	"km" integer,
	"minuti_viaggio" integer,
	"note" text,
	"stato" varchar(10) DEFAULT 'bozza' NOT NULL,
	"firmatario" varchar(120),
	"email_cliente" varchar(254),
	"firma_file_id" uuid,
	"pdf_file_id" uuid,
	"firmato_il" timestamp with time zone,
	"creato_da" integer
);
--> statement-breakpoint
CREATE TABLE "rapportini_materiali" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rapportino_id" bigint NOT NULL,
	"descrizione" varchar(200) NOT NULL,
	"quantita_millesimi" bigint NOT NULL,
	"unita" varchar(20)
);
--> statement-breakpoint
CREATE TABLE "rapportini_righe" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rapportino_id" bigint NOT NULL,
	"commessa_id" integer NOT NULL,
	"fase_id" integer,
	"inizio" varchar(5) NOT NULL,
	"fine" varchar(5) NOT NULL,
	"minuti" integer NOT NULL,
	"descrizione" text
);
--> statement-breakpoint
ALTER TABLE "registrazioni" ADD COLUMN "rapportino_id" bigint;--> statement-breakpoint
ALTER TABLE "rapportini" ADD CONSTRAINT "rapportini_dipendente_id_dipendenti_id_fk" FOREIGN KEY ("dipendente_id") REFERENCES "public"."dipendenti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapportini" ADD CONSTRAINT "rapportini_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapportini" ADD CONSTRAINT "rapportini_commessa_id_commesse_id_fk" FOREIGN KEY ("commessa_id") REFERENCES "public"."commesse"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapportini_materiali" ADD CONSTRAINT "rapportini_materiali_rapportino_id_rapportini_id_fk" FOREIGN KEY ("rapportino_id") REFERENCES "public"."rapportini"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapportini_righe" ADD CONSTRAINT "rapportini_righe_rapportino_id_rapportini_id_fk" FOREIGN KEY ("rapportino_id") REFERENCES "public"."rapportini"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapportini_righe" ADD CONSTRAINT "rapportini_righe_commessa_id_commesse_id_fk" FOREIGN KEY ("commessa_id") REFERENCES "public"."commesse"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rapportini_righe" ADD CONSTRAINT "rapportini_righe_fase_id_commesse_fasi_id_fk" FOREIGN KEY ("fase_id") REFERENCES "public"."commesse_fasi"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rapportini_dip_data_idx" ON "rapportini" USING btree ("dipendente_id","data");