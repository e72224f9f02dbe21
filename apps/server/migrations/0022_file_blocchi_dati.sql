-- Random or already compressed bytes gain nothing from TOAST compression: stored as they are (issue #27 §3).
ALTER TABLE "file_blocchi" ALTER COLUMN "dati" SET STORAGE EXTERNAL;
--> statement-breakpoint
-- The contents stored whole before blocks existed, moved into blocks of 256 KiB (FILE_BLOCCO_BYTES in platform/files.ts).
INSERT INTO "file_blocchi" ("sha256", "n", "dati", "creato_il")
SELECT c."sha256", b.n, substring(c."contenuto" FROM b.n * 262144 + 1 FOR 262144), c."creato_il"
FROM "file_contenuti" c, generate_series(0, greatest(length(c."contenuto") - 1, 0) / 262144) AS b(n)
WHERE c."contenuto" IS NOT NULL
ON CONFLICT DO NOTHING;
