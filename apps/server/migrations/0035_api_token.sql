CREATE TABLE "token_api" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(50) NOT NULL,
	"hash" char(64) NOT NULL,
	"profilo_id" integer NOT NULL,
	"scadenza" date,
	"creato_il" timestamp with time zone DEFAULT now() NOT NULL,
	"creato_da" integer,
	"ultimo_uso" timestamp with time zone,
	"revocato_il" timestamp with time zone,
	CONSTRAINT "token_api_nome_unique" UNIQUE("nome"),
	CONSTRAINT "token_api_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
ALTER TABLE "token_api" ADD CONSTRAINT "token_api_profilo_id_profili_id_fk" FOREIGN KEY ("profilo_id") REFERENCES "public"."profili"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_api" ADD CONSTRAINT "token_api_creato_da_utenti_id_fk" FOREIGN KEY ("creato_da") REFERENCES "public"."utenti"("id") ON DELETE set null ON UPDATE no action;