CREATE TABLE "voci_menu" (
	"id" serial PRIMARY KEY NOT NULL,
	"etichetta" varchar(80) NOT NULL,
	"destinazione" varchar(1000) NOT NULL,
	"argomenti" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"profili" jsonb DEFAULT '[]'::jsonb NOT NULL
);
