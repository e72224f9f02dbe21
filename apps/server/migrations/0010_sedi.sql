CREATE TABLE "sedi" (
	"id" serial PRIMARY KEY NOT NULL,
	"descrizione" varchar(120) NOT NULL,
	"indirizzo" varchar(160),
	"cap" varchar(5),
	"comune" varchar(80) NOT NULL,
	"provincia" varchar(2),
	"attiva" boolean DEFAULT true NOT NULL,
	CONSTRAINT "sedi_descrizione_unique" UNIQUE("descrizione")
);
