CREATE TABLE "tracciati_paghe" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(80) NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"separatore" varchar(3) DEFAULT ';' NOT NULL,
	"intestazione" boolean DEFAULT false NOT NULL,
	"codifica" varchar(20) DEFAULT 'utf-8' NOT NULL,
	"codice_azienda" varchar(20),
	"campi" jsonb NOT NULL,
	"mappatura" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"codici_dipendenti" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "tracciati_paghe_nome_unique" UNIQUE("nome")
);
