CREATE TABLE "file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sha256" char(64) NOT NULL,
	"nome" varchar(255) NOT NULL,
	"tipo" varchar(100) NOT NULL,
	"dimensione" integer NOT NULL,
	"caricato_da" integer,
	"caricato_il" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_contenuti" (
	"sha256" char(64) PRIMARY KEY NOT NULL,
	"contenuto" "bytea" NOT NULL,
	"dimensione" integer NOT NULL,
	"creato_il" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_sha256_file_contenuti_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."file_contenuti"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_sha256_idx" ON "file" USING btree ("sha256");