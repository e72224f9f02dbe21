CREATE TABLE "file_blocchi" (
	"sha256" char(64) NOT NULL,
	"n" integer NOT NULL,
	"dati" "bytea" NOT NULL,
	"creato_il" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_blocchi_sha256_n_pk" PRIMARY KEY("sha256","n")
);
--> statement-breakpoint
ALTER TABLE "file_contenuti" ALTER COLUMN "contenuto" DROP NOT NULL;