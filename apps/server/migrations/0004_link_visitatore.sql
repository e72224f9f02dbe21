CREATE TABLE "link_visitatore" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"autorizzazione_id" bigint NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"codice" varchar(8) NOT NULL,
	"lingua" varchar(10),
	"telefono" varchar(30),
	"inviato_il" timestamp with time zone DEFAULT now() NOT NULL,
	"compilato_il" timestamp with time zone,
	"creato_da" integer,
	CONSTRAINT "link_visitatore_autorizzazione_id_unique" UNIQUE("autorizzazione_id"),
	CONSTRAINT "link_visitatore_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "link_visitatore_codice_unique" UNIQUE("codice")
);
--> statement-breakpoint
ALTER TABLE "link_visitatore" ADD CONSTRAINT "link_visitatore_autorizzazione_id_autorizzazioni_visita_id_fk" FOREIGN KEY ("autorizzazione_id") REFERENCES "public"."autorizzazioni_visita"("id") ON DELETE cascade ON UPDATE no action;